/*
 * The tests' workerd harness is the CLI's own (`docs integrations check` runs bundles with it):
 * one ES-module bundle in workerd, with the service CLI's compatibility date and flags.
 */
export {
  COMPATIBILITY_DATE,
  COMPATIBILITY_FLAGS,
  startWorker,
  workerdBinary,
  workerdUnavailable,
  type RunningWorker,
} from '../../packages/cli/src/lib/integrations/workerd.js';
