// Types of fixture-env.mjs (plain JavaScript so that record-service-cli.mjs runs under node).
export declare const FIXTURES: string;
export declare const FIXTURE_ENV: {
  fixtures: Record<string, string[]>;
  variables: Record<string, string>;
  op: Record<string, string>;
};
export declare function installFakeOp(): Promise<string>;
