import webhookDefinitions from '@octokit/webhooks-examples';

/** A JSON object of a recorded payload, open to the few changes that point it at a hand-off. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- recorded payloads are arbitrary JSON, adapted by path
export type Payload = Record<string, any>;

/**
 * One of GitHub's recorded webhook payloads (@octokit/webhooks-examples, api.github.com), the first of
 * `event` that `pick` accepts, as a fresh copy.
 */
export function recordedExample(event: string, pick: (payload: Payload) => boolean = () => true): Payload {
  const definition = webhookDefinitions.find((candidate) => candidate.name === event);
  const found = (definition?.examples as Payload[] | undefined)?.find(pick);
  if (!found) throw new Error(`no recorded ${event} example matches`);
  return JSON.parse(JSON.stringify(found)) as Payload;
}

/**
 * Points a recorded payload at a hand-off and nothing more: its repository becomes `repository` (its
 * name, owner and every link to it), its links move to `webOrigin` (the GitHub Baton is configured
 * for), and it comes through `installationId`.
 */
export function pointedAt(
  payload: Payload,
  target: { repository: string; webOrigin: string; installationId: number },
): Payload {
  const original = payload.repository?.full_name as string | undefined;
  let text = JSON.stringify(payload);
  if (original) text = text.split(original).join(target.repository);
  text = text.split('https://github.com').join(target.webOrigin);
  const pointed = JSON.parse(text) as Payload;
  if (pointed.repository) {
    const [owner, name] = target.repository.split('/');
    pointed.repository.name = name;
    if (pointed.repository.owner) pointed.repository.owner.login = owner;
  }
  pointed.installation = { ...(pointed.installation ?? {}), id: target.installationId };
  return pointed;
}
