// `npm start`: runs the whole portal on this machine until Ctrl-C.
import { demoAccounts, demoPassword, startPortal } from '../launcher/start-portal.js';

let stopping = false;
const portal = await startPortal().catch((error: Error) => {
  console.error(`\nThe portal could not start:\n${error.message}`);
  process.exit(1);
});

const stopAndExit = (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the portal...');
  portal.stop().then(
    () => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stopAndExit(0));
process.on('SIGTERM', () => stopAndExit(0));

console.log(`
  Academy portal is ready:  ${portal.portalUrl}
  Sign-in sandbox:          ${portal.sandboxUrl}
  Demo accounts (password "${demoPassword}"):
${demoAccounts.map((account) => `    ${account.role.padEnd(13)} ${account.name.padEnd(14)} ${account.email}`).join('\n')}
  Press Ctrl-C to stop.
`);
