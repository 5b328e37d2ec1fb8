/**
 * The team's GitHub connection (spec §7 `github/app/install`, `github/status`, `github/repository`;
 * agents.md §3): installing Baton's GitHub App, the repositories it reaches, and where hand-offs go.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BranchName } from './common';

export const CodingAgents = ['claude-code', 'copilot', 'cursor'] as const;
export type CodingAgent = (typeof CodingAgents)[number];
/** How people see each agent's name, in the app and in what Baton writes on GitHub. */
export const codingAgentNames: Record<CodingAgent, string> = {
  'claude-code': 'Claude Code',
  copilot: 'Copilot',
  cursor: 'Cursor',
};

export const InstallStart = Type.Object(
  {
    installUrl: Type.String({
      description: "GitHub's page to install the app; it sends the user back with the state.",
    }),
  },
  { $id: 'InstallStart' },
);

export const InstallCallbackBody = Type.Object(
  {
    installationId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    state: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'The state of the install URL, as GitHub gave it back.',
    }),
    code: Type.String({
      minLength: 1,
      maxLength: 256,
      description: "GitHub's OAuth code from the same redirect: it shows the user may reach the installation.",
    }),
  },
  { $id: 'InstallCallbackBody', additionalProperties: false },
);
export type InstallCallbackBody = Static<typeof InstallCallbackBody>;

export const AuthorizeStart = Type.Object(
  {
    authorizeUrl: Type.String({
      description: "GitHub's page where the user authorizes Baton's app; it sends them back with a code.",
    }),
  },
  { $id: 'AuthorizeStart' },
);

export const UserAuthorizationCallbackBody = Type.Object(
  {
    state: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'The state of the authorize URL, as GitHub gave it back.',
    }),
    code: Type.String({ minLength: 1, maxLength: 256, description: "GitHub's OAuth code from the redirect." }),
  },
  { $id: 'UserAuthorizationCallbackBody', additionalProperties: false },
);
export type UserAuthorizationCallbackBody = Static<typeof UserAuthorizationCallbackBody>;

/** owner/name, as GitHub spells repositories. */
const RepositoryName = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}$', maxLength: 201 });

export const RepositoryBody = Type.Object(
  { repository: RepositoryName, baseBranch: Type.Optional(BranchName) },
  { $id: 'RepositoryBody', additionalProperties: false },
);
export type RepositoryBody = Static<typeof RepositoryBody>;

const Check = Type.Object({
  check: Type.String({ description: 'What is needed, e.g. "Repository chosen".' }),
  ok: Type.Boolean(),
  fix: Type.Union([Type.String(), Type.Null()], { description: 'What to do when it is not met.' }),
});

const AgentReadiness = Type.Array(
  Type.Object({
    agent: Type.Union(CodingAgents.map((agent) => Type.Literal(agent))),
    ready: Type.Boolean(),
    checks: Type.Array(Check),
    unverified: Type.Optional(
      Type.String({ description: 'What the agent also needs that Baton cannot see, so "ready" cannot promise it.' }),
    ),
  }),
);

/** The signed-in user's GitHub authorization, if any: Copilot and Cursor are started as this GitHub user. */
const GithubUserAuthorization = Type.Union([Type.Object({ login: Type.String() }), Type.Null()]);

/** What any member sees: whether hand-offs can go out, where to, and what each agent still needs. */
export const GithubUserStatus = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether this Baton has a GitHub App (GITHUB_* settings).' }),
    connected: Type.Boolean({ description: 'Whether the team has installed the app.' }),
    repository: Type.Union([Type.String(), Type.Null()]),
    baseBranch: Type.Union([Type.String(), Type.Null()]),
    repositories: Type.Array(
      Type.Object({ fullName: Type.String(), defaultBranch: Type.String(), private: Type.Boolean() }),
      { description: 'The repositories the installation reaches: where a hand-off may go.' },
    ),
    /** Set when GitHub could not be asked for the repositories just now. */
    problem: Type.Union([Type.String(), Type.Null()]),
    user: GithubUserAuthorization,
    agents: AgentReadiness,
  },
  { $id: 'GithubUserStatus' },
);
export type GithubUserStatus = Static<typeof GithubUserStatus>;

/** What an Admin sees: the member's view, and which account the app is installed on. */
export const GithubStatus = Type.Composite(
  [
    GithubUserStatus,
    Type.Object({
      appSlug: Type.Union([Type.String(), Type.Null()]),
      account: Type.Union([
        Type.Object({ login: Type.String(), type: Type.String(), installationId: Type.Integer() }),
        Type.Null(),
      ]),
    }),
  ],
  { $id: 'GithubStatus' },
);
export type GithubStatus = Static<typeof GithubStatus>;
