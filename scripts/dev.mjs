// `npm run dev`: rebuilds the client on change (webpack --watch) and restarts the server on change (tsx watch).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['webpack', '--mode', 'development', '--watch'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/server.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && stop()));
