/** A country as the reader says it ("Deutschland", "Duitsland", "Germany"); other text as stored. */
export function countryName(value: string | null | undefined, language: string): string {
  const code = (value ?? '').trim();
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
