import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';

/** The developer dashboard's page and assets, served by auth at /dashboard (the Ingress routes it here). */
@Module({ controllers: [DashboardController] })
export class DashboardModule {}
