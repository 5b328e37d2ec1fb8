/** The plan catalogue (issue #4): one place both sides read plans, prices, add-ons and entitlements from. */

export const PlanIds = ['free', 'team', 'business'] as const;
export type PlanId = (typeof PlanIds)[number];

export const AddOnIds = ['extra-seat', 'agent-actions-500'] as const;
export type AddOnId = (typeof AddOnIds)[number];

export interface AddOnQuantity {
  addOn: AddOnId;
  quantity: number;
}

export interface Entitlements {
  maxOwnedTeams: number;
  maxTotalTeams: number;
  maxTeamMembers: number;
  maxProjects: number;
  maxProjectItems: number;
  maxAgentActions: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Price per month in US cents when billed monthly; annual billing is 20% cheaper. */
  monthlyPriceCents: number;
  entitlements: Entitlements;
}

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceCents: 0,
    entitlements: {
      maxOwnedTeams: 1,
      maxTotalTeams: 3,
      maxTeamMembers: 3,
      maxProjects: 3,
      maxProjectItems: 200,
      maxAgentActions: 50,
    },
  },
  team: {
    id: 'team',
    name: 'Team',
    monthlyPriceCents: 2400,
    entitlements: {
      maxOwnedTeams: 3,
      maxTotalTeams: 10,
      maxTeamMembers: 10,
      maxProjects: 25,
      maxProjectItems: 2000,
      maxAgentActions: 1000,
    },
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyPriceCents: 9900,
    entitlements: {
      maxOwnedTeams: 10,
      maxTotalTeams: 50,
      maxTeamMembers: 100,
      maxProjects: 250,
      maxProjectItems: 10000,
      maxAgentActions: 10000,
    },
  },
};

export interface AddOn {
  id: AddOnId;
  name: string;
  monthlyPriceCents: number;
  /** What one unit adds to the plan's entitlements. */
  adds: Partial<Entitlements>;
}

export const addOns: Record<AddOnId, AddOn> = {
  'extra-seat': { id: 'extra-seat', name: 'Extra seat', monthlyPriceCents: 600, adds: { maxTeamMembers: 1 } },
  'agent-actions-500': {
    id: 'agent-actions-500',
    name: '500 agent actions',
    monthlyPriceCents: 1000,
    adds: { maxAgentActions: 500 },
  },
};

export const ANNUAL_DISCOUNT = 0.2;

/** Price in cents for one billing period (a month, or a year at the annual discount). */
export function periodPriceCents(monthlyPriceCents: number, billingPeriod: 0 | 1): number {
  return billingPeriod === 1 ? Math.round(monthlyPriceCents * 12 * (1 - ANNUAL_DISCOUNT)) : monthlyPriceCents;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PlanIds as readonly string[]).includes(value);
}

/** Entitlements = plan + add-ons. An unknown plan id counts as free. */
export function entitlementsFor(
  planId: string,
  accountAddOns: readonly { addOn: string; quantity: number }[] = [],
): Entitlements {
  const result = { ...(isPlanId(planId) ? plans[planId] : plans.free).entitlements };
  for (const { addOn, quantity } of accountAddOns) {
    const adds = addOns[addOn as AddOnId]?.adds ?? {};
    for (const [key, amount] of Object.entries(adds) as [keyof Entitlements, number][]) {
      result[key] += amount * Math.max(0, Math.floor(quantity));
    }
  }
  return result;
}
