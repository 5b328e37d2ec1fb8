/**
 * The guided flows and their steps (spec §4 "Flows (step names)"; agents.md §1). Step names are the
 * spec's and are stored in drafts and in the team's first-run state; labels are what people read.
 */
export const Flows = {
  itemCreation: ['InputDescription', 'RefineDescription', 'PreviewItems', 'Complete'],
  projectFraming: ['ProjectDescription', 'MotivatingQuestions', 'Refine', 'Finalize'],
  guidedProject: [
    'ConfigureProject',
    'FrameProject',
    'AboutProjectItems',
    'AddDemos',
    'AddImplementations',
    'AddGoToMarketItems',
    'WrapUp',
  ],
  patterns: ['CurrentContext', 'MotivatingQuestions', 'IdentifyPatterns'],
} as const;
export type FlowName = keyof typeof Flows;
export type StepOf<F extends FlowName> = (typeof Flows)[F][number];

export const stepLabels: Record<string, string> = {
  InputDescription: 'Describe',
  RefineDescription: 'Refine',
  PreviewItems: 'Preview',
  Complete: 'Done',
  ProjectDescription: 'Describe',
  MotivatingQuestions: 'Questions',
  Refine: 'Story',
  Finalize: 'Plan',
  ConfigureProject: 'Project',
  FrameProject: 'Story',
  AboutProjectItems: 'Items',
  AddDemos: 'Demos',
  AddImplementations: 'Implementations',
  AddGoToMarketItems: 'Go-to-market',
  WrapUp: 'Wrap up',
  CurrentContext: 'Context',
  IdentifyPatterns: 'Patterns',
};

/** The stored step if it belongs to the flow, else its first step (a draft from before, or none). */
export function resumeStep<F extends FlowName>(flow: F, stored: string | null | undefined): StepOf<F> {
  const steps = Flows[flow] as readonly string[];
  return (stored && steps.includes(stored) ? stored : steps[0]) as StepOf<F>;
}
