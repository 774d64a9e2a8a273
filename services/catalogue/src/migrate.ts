import 'reflect-metadata';
import { migrateCommand } from '@academy/service-core';
import { catalogueDatabase } from './database/catalogue-database.js';

await migrateCommand(catalogueDatabase);
