export * from './accounts';
export * from './hiring';
export * from './outreach';
