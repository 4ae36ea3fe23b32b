export * from './chain.ts';
export * from './jornada.ts';
export * from './stateMachine.ts';
