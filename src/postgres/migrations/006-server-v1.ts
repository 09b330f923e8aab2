/**
 * Migration 6: what the server's /v1 area keeps besides the library's stores: scenario versions created over HTTP
 * and customer profiles; and an index on the mute id (DELETE /v1/alert-mutes/{id}).
 */
export const SERVER_V1_TABLES = `
CREATE TABLE tamis_scenario_versions (
  identifier text COLLATE "C" NOT NULL,
  version integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (identifier, version)
);
CREATE TABLE tamis_customer_profiles (
  identifier text COLLATE "C" PRIMARY KEY,
  version integer NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_mutes_id ON tamis_mutes ((data::json ->> 'id'));
`;
