// Asks the desktop whether notifications can be shown (the readiness check's platform part), as main does, and
// prints one RESULT line with the answer and the label it was asked under (see notification-health-session.sh).
import { linuxNotificationHealth } from '../../../electron/adapters/notification-health';

console.log(`RESULT ${JSON.stringify({ label: process.argv[2] ?? '', answer: await linuxNotificationHealth() })}`);
