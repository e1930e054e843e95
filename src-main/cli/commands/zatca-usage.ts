/** `pos zatca`'s usage line, apart from the command so `pos --help` loads no XML or X.509 library. */
export const ZATCA_USAGE =
  'pos zatca --db FILE onboard --otp CODE [--env sandbox|simulation|production | --url URL] [--json] | status [--json] | invoice --order UUID [--xml OUT] [--json] | report [--json]';
