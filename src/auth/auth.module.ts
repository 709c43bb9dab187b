import { Global, Module } from '@nestjs/common';
import { AccessDataSync } from './access-data.sync';
import { AccessRepository } from './access.repository';
import { MembershipService } from './membership.service';
import { PermissionService } from './permission.service';

/** Permission data and checks; global because every module's routes declare permissions. */
@Global()
@Module({
  providers: [PermissionService, AccessDataSync, MembershipService, AccessRepository],
  exports: [PermissionService, AccessDataSync, MembershipService],
})
export class AuthModule {}
