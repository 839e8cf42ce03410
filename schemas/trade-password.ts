// Which six-digit trade passwords are too easy to guess to be set: the ones people try first.
// The server refuses them when a trade password is set or changed, and the form says so before.
//
// A trade password is refused when its six digits
// - are all one digit (111111);
// - run up or down by one (123456, 654321, 234567; 890123 and 109876 too: 0 follows 9);
// - repeat a pair or a triple (121212, 123123);
// - read as a date, the shape of a birthday: YYMMDD (900101, and so 19 or 20 followed by a month
//   and day: 190512), DDMMYY (010190) or MMDDYY (123190) with any two-digit year, or a year from
//   1900 to 2099 followed by a month (YYYYMM: 198507).
// A date is valid when its month is 01 to 12 and its day exists in that month (29 February counts,
// for some year has it).

const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isMonthDay(month: number, day: number): boolean {
  const days = daysInMonth[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

function isRun(digits: readonly number[], step: 1 | -1): boolean {
  return digits.every((digit, i) => i === 0 || digit === ((digits[i - 1] ?? 0) + step + 10) % 10);
}

function isRepeat(value: string, length: number): boolean {
  const unit = value.slice(0, length);
  return unit.repeat(6 / length) === value;
}

function readsAsDate(value: string): boolean {
  const [a, b, c] = [0, 2, 4].map((at) => Number(value.slice(at, at + 2))) as [
    number,
    number,
    number,
  ];
  const century = Number(value.slice(0, 2));
  return (
    isMonthDay(b, c) || // YYMMDD
    isMonthDay(b, a) || // DDMMYY
    isMonthDay(a, b) || // MMDDYY
    ((century === 19 || century === 20) && c >= 1 && c <= 12) // YYYYMM
  );
}

/** True when a six-digit trade password is one of the obvious ones above. */
export function isObviousTradePassword(value: string): boolean {
  if (!/^\d{6}$/.test(value)) return false;
  const digits = [...value].map(Number);
  return (
    isRepeat(value, 1) ||
    isRepeat(value, 2) ||
    isRepeat(value, 3) ||
    isRun(digits, 1) ||
    isRun(digits, -1) ||
    readsAsDate(value)
  );
}
