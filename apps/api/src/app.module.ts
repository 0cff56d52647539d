import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ACCOUNT_COMMAND_HANDLERS,
  ACCOUNT_QUERY_HANDLERS,
  TOKEN_SERVICE,
  TokenService,
} from '@vetted/accounts';
import { ACTIVITY_QUERY_HANDLERS } from '@vetted/activity';
import { OPERATION_COMMAND_HANDLERS, OPERATION_QUERY_HANDLERS } from '@vetted/operations';
import { CLOCK, type Clock, CONFIG, type Config, resolveAuthSecret } from '@vetted/kernel';
import { PlatformModule, type PlatformOptions } from '@vetted/platform';
import { FeedController } from './activity/feed.controller';
import { AuthController } from './auth/auth.controller';
import { HealthController } from './health/health.controller';
import { AuthGuard } from './http/auth';
import { DocumentedQueryCheck } from './http/documented-query';
import { ErrorFilter } from './http/error-filter';
import { ReadYourWrites } from './http/read-your-writes';
import { RequestValidationPipe } from './http/validation';
import { OperationRenderer } from './operations/operation-renderer';
import { OperationsController } from './operations/operations.controller';
import { DepositWalletsController } from './predict/deposit-wallets.controller';
import { SandboxAdminController } from './sandbox/sandbox-admin.controller';
import { SandboxController } from './sandbox/sandbox.controller';
import { WalletsController } from './wallets/wallets.controller';

const CONTROLLERS = [
  AuthController,
  WalletsController,
  DepositWalletsController,
  OperationsController,
  FeedController,
  SandboxController,
  SandboxAdminController,
  HealthController,
];
const HANDLERS = [
  ...ACCOUNT_COMMAND_HANDLERS,
  ...ACCOUNT_QUERY_HANDLERS,
  ...ACTIVITY_QUERY_HANDLERS,
  ...OPERATION_COMMAND_HANDLERS,
  ...OPERATION_QUERY_HANDLERS,
];
const HTTP = [
  ReadYourWrites,
  OperationRenderer,
  DocumentedQueryCheck,
  { provide: APP_GUARD, useClass: AuthGuard },
  { provide: APP_FILTER, useClass: ErrorFilter },
  { provide: APP_PIPE, useClass: RequestValidationPipe },
];

@Module({})
export class AppModule {
  static forRoot(config: Config, options: PlatformOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config, options), CqrsModule.forRoot()],
      controllers: CONTROLLERS,
      providers: [
        ...HANDLERS,
        ...HTTP,
        {
          provide: TOKEN_SERVICE,
          inject: [CONFIG, CLOCK],
          useFactory: (c: Config, clock: Clock) =>
            new TokenService(resolveAuthSecret(c), c.authTokenTtlSeconds, () => clock.now()),
        },
      ],
    };
  }
}
