/** The Basic credentials ZATCA's APIs take after onboarding: binarySecurityToken as the user, the CSID's secret as the password. */
export function readBasicCredentials(header: string | undefined): { token: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return { token: text.slice(0, colon), secret: text.slice(colon + 1) };
}
