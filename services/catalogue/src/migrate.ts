import 'reflect-metadata';
import { migrateCommand } from '@academy/service-core';
import { catalogueDatabase } from './database.js';

await migrateCommand(catalogueDatabase);
