/* The SDK's contract (schemas, operations) as the CLI loads it at run time: see sdk.ts. */
export * from '@docs-api/sdk/contract';
