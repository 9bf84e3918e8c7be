export * from './accounts';
export * from './hiring';
export * from './outreach';
export * from './equality';
export * from './consent';
export * from './team';
export * from './integrations';
export * from './operations';
