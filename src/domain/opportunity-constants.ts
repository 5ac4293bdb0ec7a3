// The opportunity stages and their labels without the schemas: pages that only show them
// import this and leave the validation library out of their download.
export const opportunityStages = [
  'prospecting',
  'qualification',
  'proposal',
  'negotiation',
  'closed-won',
  'closed-lost',
] as const;
export type OpportunityStage = (typeof opportunityStages)[number];

/** Default win probability (percent) that choosing a stage sets (SPEC §9). */
export const stageProbabilities: Record<OpportunityStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 40,
  negotiation: 75,
  'closed-won': 100,
  'closed-lost': 0,
};

export const stageLabels: Record<OpportunityStage, string> = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  'closed-won': 'Closed Won',
  'closed-lost': 'Closed Lost',
};

/** SPEC §2.13: what a new opportunity starts with (expected close: now). */
export const newOpportunityDefaults = () => ({
  amount: 0,
  stage: 'prospecting' as OpportunityStage,
  expectedCloseDate: new Date(),
  probability: stageProbabilities.prospecting,
});

/** What the list may be sorted by (`?sort=name`, `-name`). */
export const opportunitySortFields = [
  'name',
  'organization',
  'amount',
  'stage',
  'probability',
  'expectedCloseDate',
] as const;
