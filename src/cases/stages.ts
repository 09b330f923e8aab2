/**
 * Stages of each case type. The default set of a type is its states in the spec's state list (prefix per type);
 * each default stage has a fixed identifier so every host sees the same UUIDs. Hosts add stages (USER_DEFINED).
 */
import { CASE_STATES, CASE_STATE_PREFIX, CASE_TYPES, type CaseState, type CaseType } from './enums.js';
import type { CaseStage, CaseStageDefinition } from './types.js';

const STAGE_ID_PREFIX = '5ca5e000-0000-4000-8000-';

function titleOf(state: string, prefix: string): string {
  const words = state.slice(prefix.length).toLowerCase().split('_');
  const s = words.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function typeOfState(state: CaseState): CaseType | undefined {
  // Longest prefix wins: TRANSACTION_MONITORING_ must not be taken for MONITORING_.
  let best: CaseType | undefined;
  let bestLen = 0;
  for (const t of CASE_TYPES) {
    const p = CASE_STATE_PREFIX[t];
    if (state.startsWith(p) && p.length > bestLen) {
      best = t;
      bestLen = p.length;
    }
  }
  return best;
}

/** Every default stage of every case type, in the spec's order. */
export const DEFAULT_CASE_STAGES: readonly CaseStage[] = Object.freeze(
  CASE_STATES.flatMap((state, i): CaseStage[] => {
    const caseType = typeOfState(state);
    if (!caseType) return [];
    return [
      {
        identifier: `${STAGE_ID_PREFIX}${(i + 1).toString(16).padStart(12, '0')}`,
        name: titleOf(state, CASE_STATE_PREFIX[caseType]),
        case_type: caseType,
        state,
        version: 1,
        is_end_stage: state.endsWith('END_STATE'),
      },
    ];
  }),
);

export interface CaseStageCatalog {
  /** Stages of a type: defaults first, then host stages in the order given. */
  forType(type: CaseType): CaseStage[];
  get(identifier: string): CaseStage | undefined;
  /** The default stage of a spec state. */
  byState(state: CaseState): CaseStage | undefined;
  /** The stage a new case of the type starts in (`*_NOT_STARTED`). */
  initial(type: CaseType): CaseStage;
}

/**
 * The catalogue of default stages plus the host's stages. Throws RangeError on a malformed or duplicate stage
 * (programmer error).
 */
export function createStageCatalog(extra: readonly CaseStageDefinition[] = []): CaseStageCatalog {
  const all: CaseStage[] = [...DEFAULT_CASE_STAGES.map((s) => ({ ...s }))];
  for (const d of extra) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(d.identifier))
      throw new RangeError(`createStageCatalog: stage identifier ${d.identifier} is not a UUID`);
    if (!(CASE_TYPES as readonly string[]).includes(d.case_type)) throw new RangeError(`createStageCatalog: unknown case type ${d.case_type}`);
    if (typeof d.name !== 'string' || d.name.trim() === '') throw new RangeError('createStageCatalog: a stage needs a name');
    if (d.version !== undefined && (!Number.isInteger(d.version) || d.version < 1)) throw new RangeError('createStageCatalog: version must be a positive integer');
    all.push({
      identifier: d.identifier,
      name: d.name,
      case_type: d.case_type,
      state: 'USER_DEFINED',
      version: d.version ?? 1,
      is_end_stage: d.is_end_stage,
    });
  }
  const byId = new Map<string, CaseStage>();
  for (const s of all) {
    if (byId.has(s.identifier)) throw new RangeError(`createStageCatalog: duplicate stage identifier ${s.identifier}`);
    byId.set(s.identifier, s);
  }
  const clone = (s: CaseStage): CaseStage => ({ ...s });
  return {
    forType: (type) => all.filter((s) => s.case_type === type).map(clone),
    get: (id) => {
      const s = byId.get(id);
      return s ? clone(s) : undefined;
    },
    byState: (state) => {
      const s = all.find((x) => x.state === state && x.state !== 'USER_DEFINED');
      return s ? clone(s) : undefined;
    },
    initial: (type) => {
      const s = all.find((x) => x.case_type === type && x.state === `${CASE_STATE_PREFIX[type]}NOT_STARTED`);
      if (!s) throw new Error(`no initial stage for ${type}`);
      return clone(s);
    },
  };
}
