import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { runService } from '@platform/pipeline';
import { BooksModule, BOOKS_SERVICE } from './books.module';

void runService(BooksModule, BOOKS_SERVICE);
