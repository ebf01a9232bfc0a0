/** The IANA time zones the browser knows, for the pickers of a job's and a calendar's zone. */
export const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();
