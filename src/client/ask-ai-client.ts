import { offerableTools, type OfferableTools, type OfferableToolsOptions } from './offerable-tools';
import { createRunController, type RunController, type RunControllerOptions } from './run-controller';
import { createTransport, type Transport, type TransportOptions } from './transport';

export interface AskAiClient {
  readonly transport: Transport;
  /** The tools this user may offer in `configuration`, narrowed to the unattended ones. */
  offerableTools(
    configuration?: string,
    options?: Omit<OfferableToolsOptions, 'configuration'>,
  ): Promise<OfferableTools>;
  /** A run controller on this client's transport: one per dialog. */
  createRunController(options?: Omit<RunControllerOptions, 'transport'>): RunController;
}

/**
 * The client in one object: a transport and the two things done with it.
 *
 * @example
 * const client = createAskAiClient({ endpoints: typo3Endpoints({ tools: 'ask_ai_tools', run: 'ask_ai_run' }) });
 * const tools = await client.offerableTools('default');
 * const run = client.createRunController({ configuration: 'default' });
 */
export function createAskAiClient(options: TransportOptions): AskAiClient {
  const transport = createTransport(options);
  return {
    transport,
    offerableTools: (configuration, rest = {}) => offerableTools(transport, { ...rest, configuration }),
    createRunController: (controllerOptions = {}) => createRunController({ ...controllerOptions, transport }),
  };
}
