export { createSimulatedBackend, type SimulatedBackend, type SimulatedBackendOptions } from './simulated-backend';
export { createHandlers } from './msw-handlers';
export { FAULTS, FAULT_IDS, type FaultId } from './faults';
export {
  DEFAULT_STATE,
  type SimulationState,
  type SimulatedUser,
  type SimulatedProtocol,
  type OperatorSettings,
} from './simulation-state';
export { CONFIGURATIONS, type SimulatedConfiguration, type TrustZone } from './policy';
export { REGISTRY, BUILTIN_TOOLS, type SimulatedTool } from './registry';
