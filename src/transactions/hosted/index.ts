/**
 * The hosted service's scenario language: load, validate, type-check and compile its documents into the scenario
 * engine next to tamis scenarios; blocks; template and instance composition; conversion to and from tamis.
 */
export { compileHostedScenario, loadHostedScenario, type HostedCompileOptions, type HostedCompiledScenario } from './compile.js';
export { isHostedScenarioDocument, composeScenarioDocument, unwrapDocument, type UnwrappedDocument } from './document.js';
export { createBlockRegistry, DEFAULT_BLOCKS, SHIPPED_BLOCKS, type BlockDefinition, type BlockRegistry, type BlockEnvironment } from './blocks.js';
export { mapEnumerationConstant, ENUMERATION_PREFIXES } from './enumerations.js';
export { FIELD_ALIASES, resolveField, type FieldAccess } from './paths.js';
export type { EvaluatedValue } from './trace.js';
export type {
  HostedScenario,
  SegmentSet as HostedSegmentSet,
  Condition as HostedCondition,
  Expr as HostedExpr,
  AggregationSpec as HostedAggregationSpec,
} from './ast.js';
export type { DataType as HostedDataType, Value as HostedValue } from './values.js';
export {
  HOSTED_SCENARIO_LIBRARY,
  HOSTED_SCENARIO_LIBRARY_BY_NAME,
  HOSTED_HIGH_RISK_TEMPLATE,
  HOSTED_HIGH_RISK_INSTANCE,
} from './library.js';
export { tamisToHosted, type ToHostedOptions } from './convert-to-hosted.js';
export { hostedToTamis } from './convert-to-tamis.js';
