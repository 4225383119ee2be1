/** The value sent for a missing field of the new-project request mail (spec §7). */
export const NOT_AVAILABLE = 'N/A';
