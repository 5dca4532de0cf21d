import { onSignOut } from '../../core/session-slice';
import { store } from '../../core/store';
import { rememberDevice, stopPush, thisDeviceId } from '../../lib/push-device';
import { pushApi } from './push-api';

// While the app is open and visible on a device with push on, the server is told so every minute (the
// report lasts two): nothing is pushed there meanwhile, the socket shows it. Hidden, it says so at once.

const RENEW_MS = 60_000;

export function startPushVisibilityReports(): () => void {
  const deviceId = thisDeviceId();
  if (deviceId === null) return () => {};
  const report = () => {
    const visible = document.visibilityState === 'visible';
    const call = store.dispatch(pushApi.endpoints.reportPushVisibility.initiate({ deviceId, visible }));
    void call.unwrap().catch((error: { status?: number }) => {
      // The device was removed (here or from another device): stop reporting.
      if (error?.status === 404) {
        rememberDevice(null);
        stop();
      }
    });
  };
  const timer = window.setInterval(() => {
    if (document.visibilityState === 'visible') report();
  }, RENEW_MS);
  document.addEventListener('visibilitychange', report);
  report();
  function stop() {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', report);
  }
  return stop;
}

// Signing out ends this browser's subscription: the next person on a shared device gets none of the last
// one's pushes (the push service then answers 410 and the server forgets the device).
onSignOut(() => {
  if (thisDeviceId() === null) return;
  rememberDevice(null);
  void stopPush().catch(() => undefined);
});
