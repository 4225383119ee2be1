/** Manuals exist in German and Dutch; German is the fallback (spec §1, §9). */
export function manualLanguage(language: string): 'de' | 'nl' {
  return language.startsWith('nl') ? 'nl' : 'de';
}

export function manualUrl(language: string): string {
  return `/manuals/manual_for_reviewer_${manualLanguage(language)}.pdf`;
}
