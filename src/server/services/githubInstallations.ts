/**
 * What happens to teams' connections and hand-offs when the app's installation changes on GitHub:
 * deleted disconnects; suspended pauses (the connection is kept, nothing can be sent) and unsuspended
 * resumes; a repository taken from the app pauses its hand-offs until it is given back.
 */
import type { Db } from '../db/types';
import { deleteInstallationConnections, setInstallationSuspended } from '../repositories/githubConnections';
import { appendAndTell, handoffsOfInstallation, moveHandoff } from './githubHandoffs';

interface InstallationPayload {
  action: string;
  installation: { id: number; account?: { login?: string } | null };
}
interface InstallationRepositoriesPayload {
  action: string;
  installation: { id: number };
  repositories_added?: { full_name: string }[];
  repositories_removed?: { full_name: string }[];
}

/** Pauses (or resumes) the installation's hand-offs in these repositories (all when null), saying why. */
async function pauseOrResume(
  db: Db,
  installationId: number,
  repositories: string[] | null,
  pause: boolean,
  why: string,
  now: Date,
) {
  let moved = 0;
  for (const handoff of await handoffsOfInstallation(db, installationId, repositories)) {
    if (handoff.state === 'complete' || (!pause && handoff.state !== 'paused')) continue;
    await moveHandoff(db, handoff, { kind: pause ? 'paused' : 'resumed' }, now);
    await appendAndTell(db, handoff, { at: now, kind: pause ? 'paused' : 'resumed', text: why });
    moved++;
  }
  return moved;
}

export async function onInstallation(db: Db, payload: InstallationPayload, now: Date): Promise<string> {
  const { action, installation } = payload;
  const account = installation.account?.login ?? `installation ${installation.id}`;
  switch (action) {
    case 'deleted':
      // The app is gone from that account: the teams connected through it are no longer connected.
      await deleteInstallationConnections(db, installation.id);
      return 'installation deleted';
    case 'suspend':
    case 'unsuspend': {
      const suspended = action === 'suspend';
      const outcome = suspended ? 'paused' : 'resumed';
      await setInstallationSuspended(db, installation.id, suspended ? now : null, now);
      const text = `Baton's GitHub app was ${action}ed on ${account}: ${outcome}`;
      const count = await pauseOrResume(db, installation.id, null, suspended, text, now);
      return `installation ${action}ed: ${count} hand-off(s) ${outcome}`;
    }
    default:
      return 'ignored';
  }
}

export async function onInstallationRepositories(
  db: Db,
  payload: InstallationRepositoriesPayload,
  now: Date,
): Promise<string> {
  const removed = (payload.repositories_removed ?? []).map((repository) => repository.full_name);
  const added = (payload.repositories_added ?? []).map((repository) => repository.full_name);
  let paused = 0;
  let resumed = 0;
  for (const repository of removed) {
    const why = `Baton's GitHub app no longer reaches ${repository}: paused until it is given access again`;
    paused += await pauseOrResume(db, payload.installation.id, [repository], true, why, now);
  }
  for (const repository of added) {
    const why = `Baton's GitHub app reaches ${repository} again: resumed`;
    resumed += await pauseOrResume(db, payload.installation.id, [repository], false, why, now);
  }
  return `repositories: ${paused} hand-off(s) paused, ${resumed} resumed`;
}
