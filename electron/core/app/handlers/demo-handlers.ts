import type { Handlers } from '../../../../shared/ipc';
import type { AlertCenter } from '../alert-center';
import type { ServiceHost } from '../service-host';
import type { Snapshots } from '../snapshots';

export interface DemoHandlersDeps {
  host: ServiceHost;
  alerts: AlertCenter;
  snapshots: Snapshots;
}

/** Demo mode: the embedded simulator with an in-memory demo key, and its clock moved forward on request. */
export function demoHandlers(deps: DemoHandlersDeps): Pick<Handlers, 'startDemo' | 'stopDemo' | 'demoFastForward'> {
  const { host, alerts, snapshots } = deps;
  return {
    startDemo: async () => {
      if (await host.startDemo()) {
        alerts.resetDemo();
        void host.current?.probeStatus();
      }
      return snapshots.push();
    },
    stopDemo: async () => {
      await host.stopDemo();
      return snapshots.push();
    },
    demoFastForward: async ({ by }) => {
      const demo = host.demo;
      const service = host.current;
      if (!demo || !service) return snapshots.get();
      demo.fastForward(by);
      // The demo service has the free status check: refresh the figures without spending anything.
      await service.checkQuota({});
      return snapshots.push();
    },
  };
}
