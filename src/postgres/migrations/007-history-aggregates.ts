/**
 * Migration 7: history aggregates computed in SQL. The flat record's fields get columns of their own (the JSON in
 * `data` stays what the row path reads), with `plain`: whether the record is one the database may aggregate
 * (`isPlainRecord`, decided in Node when the record is appended). Rows written before this migration are filled in
 * from their JSON; one whose JSON the check below cannot vouch for (a `\u` escape, a character outside printable
 * ASCII, a field of another type) stays `plain = false`, and a window holding it is read as records, as before.
 *
 * `tamis_welford(amount ORDER BY occurred_ms, seq)` runs Welford's mean and sum of squared deviations in time order,
 * the engine's exact floating-point steps (PostgreSQL's own avg and var_pop use another algorithm, so their last
 * bits differ).
 */
const CODE_OR_TEXT = (f: string) => `coalesce(json_typeof(d -> '${f}') = 'string' AND (d ->> '${f}') ~ '^[ -~]*$', false)`;
const OPTIONAL = (f: string) => `coalesce(json_typeof(d -> '${f}') = 'null' OR (json_typeof(d -> '${f}') = 'string' AND (d ->> '${f}') ~ '^[ -~]*$'), false)`;

export const HISTORY_AGGREGATES = `
ALTER TABLE tamis_history
  ADD COLUMN amount double precision,
  ADD COLUMN currency text COLLATE "C",
  ADD COLUMN direction text COLLATE "C",
  ADD COLUMN "type" text COLLATE "C",
  ADD COLUMN country text COLLATE "C",
  ADD COLUMN mcc text COLLATE "C",
  ADD COLUMN payment_stage text COLLATE "C",
  ADD COLUMN card_payment_type text COLLATE "C",
  ADD COLUMN payment_channel text COLLATE "C",
  ADD COLUMN cash_pickup boolean,
  ADD COLUMN plain boolean NOT NULL DEFAULT false;
UPDATE tamis_history h SET
  amount = (j.d ->> 'amount')::double precision,
  currency = j.d ->> 'currency',
  direction = j.d ->> 'direction',
  "type" = j.d ->> 'type',
  country = j.d ->> 'country',
  mcc = j.d ->> 'mcc',
  payment_stage = j.d ->> 'payment_stage',
  card_payment_type = j.d ->> 'card_payment_type',
  payment_channel = j.d ->> 'payment_channel',
  cash_pickup = (j.d ->> 'cash_pickup')::boolean,
  plain = true
FROM (SELECT id AS jid, data::json AS d FROM tamis_history WHERE strpos(data, '\\u') = 0) j
WHERE h.id = j.jid
  AND coalesce(json_typeof(j.d -> 'amount') = 'number' AND abs((j.d ->> 'amount')::double precision) < 9007199254740992, false)
  AND coalesce(json_typeof(j.d -> 'cash_pickup') = 'boolean', false)
  AND ${['id', 'customer', 'currency', 'direction', 'type'].map((f) => CODE_OR_TEXT(f).replaceAll('d ->', 'j.d ->')).join(' AND ')}
  AND ${['counterparty', 'country', 'mcc', 'payment_stage', 'card_payment_type', 'payment_channel'].map((f) => OPTIONAL(f).replaceAll('d ->', 'j.d ->')).join(' AND ')};
CREATE FUNCTION tamis_welford_step(s double precision[], x double precision) RETURNS double precision[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n double precision := s[1] + 1;
  delta double precision := x - s[2];
  mean double precision := s[2] + delta / n;
BEGIN
  RETURN ARRAY[n, mean, s[3] + delta * (x - mean)];
END
$$;
CREATE AGGREGATE tamis_welford(double precision) (SFUNC = tamis_welford_step, STYPE = double precision[], INITCOND = '{0,0,0}');
`;
