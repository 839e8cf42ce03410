// NATS subject matching, for the in-process bus: tokens separated by dots, `*` matching exactly
// one token and a final `>` one or more.

export function isWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('>');
}

export function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const tokens = subject.split('.');
  for (let i = 0; i < wanted.length; i++) {
    const token = wanted[i];
    if (token === '>') return i === wanted.length - 1 && tokens.length > i;
    if (i >= tokens.length) return false;
    if (token !== '*' && token !== tokens[i]) return false;
  }
  return wanted.length === tokens.length;
}
