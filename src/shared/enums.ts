/** Enumerations of spec §3, with the spec's numeric codes. */

export const TeamRole = { Admin: 0, Editor: 1 } as const;
export type TeamRole = (typeof TeamRole)[keyof typeof TeamRole];

export const IdentityProviders = ['Apple', 'Google', 'Microsoft', 'Test'] as const;
export type IdentityProvider = (typeof IdentityProviders)[number];
/** Providers that sign in through OpenID Connect (everything but Test). */
export const OidcProviders = ['Apple', 'Google', 'Microsoft'] as const;
export type OidcProvider = (typeof OidcProviders)[number];

export const ProjectStatus = { Live: 0, Completed: 1, Cancelled: 2 } as const;
export type ProjectStatus = (typeof ProjectStatus)[keyof typeof ProjectStatus];

export const BillingPeriod = { Monthly: 0, Annual: 1 } as const;
export type BillingPeriod = (typeof BillingPeriod)[keyof typeof BillingPeriod];

export const AutomationKind = { GitHubIssue: 0, LocalAutomation: 1 } as const;
export type AutomationKind = (typeof AutomationKind)[keyof typeof AutomationKind];

/** An item's hand-off progress (design §5); it only ever moves forward through an agent's or GitHub's word. */
export const WorkflowStatus = { NotStarted: 0, SentToAgent: 1, PullRequestOpen: 2, Merged: 3, Done: 4 } as const;
export type WorkflowStatus = (typeof WorkflowStatus)[keyof typeof WorkflowStatus];

export const ItemType = { ProjectDeprecated: 0, Demo: 1, Implementation: 2, GoToMarket: 3 } as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

export const Span = { Day: 0, Week: 1, Milestone: 4 } as const;
export type Span = (typeof Span)[keyof typeof Span];

export const Scope = { InScope: 0, OutOfScope: 1 } as const;
export type Scope = (typeof Scope)[keyof typeof Scope];
