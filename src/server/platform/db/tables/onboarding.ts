/** Tables of the project-onboarding migration (080). */
export type UnitNumberSequencesTable = {
  tenant_id: number;
  scope: string;
  last_value: number;
};

export type OnboardingTables = {
  unit_number_sequences: UnitNumberSequencesTable;
};
