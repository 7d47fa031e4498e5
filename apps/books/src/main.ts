import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { runService } from '@platform/common';
import { BooksModule, BOOKS_SERVICE } from './books.module';

void runService(BooksModule, BOOKS_SERVICE);
