/**
 * Time zones the IANA database has renamed, by the old name this runtime's Unicode data still
 * answers for them (Asia/Kolkata is read as Asia/Calcutta): a browser of today names the zone
 * by its new name, which PostgreSQL and the formatters know too.
 */
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The zone's name as the IANA database has it now (Asia/Kolkata for Asia/Calcutta). */
export const currentTimeZoneName = (name: string) => RENAMED[name] ?? name;

/**
 * The zones a name may resolve to: the IANA database's places, UTC and its whole-hour offsets
 * (Etc/GMT+5). The runtime also resolves names PostgreSQL does not know (SystemV/AST4), which
 * would fail every statement that counts days in them.
 */
let places: string[] | undefined;
// A browser too old to list them (before 2022) knows UTC and the offsets only; the server checks.
const placesKnown = () =>
  (places ??=
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
const isKnownZone = (zone: string) =>
  zone === 'UTC' || /^Etc\/GMT[+-]\d{1,2}$/.test(zone) || placesKnown().includes(zone);

/**
 * The runtime's own spelling of the time zone `value` names (Europe/Paris for europe/paris), or
 * undefined when it names none this app and its database both know. Offsets (+02:00) are
 * refused: PostgreSQL reads them with the opposite sign. Nothing is kept of `value`, which anyone
 * may send: only canonical names reach the formatters kept by due-dates.ts, and there are a few
 * hundred of those.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (!/^[A-Za-z][\w+\-/]*$/.test(value)) return undefined;
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return isKnownZone(zone) ? zone : undefined;
}

/** Every zone canonicalTimeZone may answer, as kept (by its current name). */
export const knownTimeZones = (): string[] => [
  ...new Set(
    [
      ...placesKnown(),
      'UTC',
      ...Array.from({ length: 12 }, (_, hours) => `Etc/GMT+${hours + 1}`),
      ...Array.from({ length: 14 }, (_, hours) => `Etc/GMT-${hours + 1}`),
    ].map(currentTimeZoneName),
  ),
];
