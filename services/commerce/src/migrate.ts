import 'reflect-metadata';
import { migrateCommand } from '@academy/service-core';
import { commerceDatabase } from './database.js';

await migrateCommand(commerceDatabase);
