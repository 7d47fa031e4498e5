import { BooksModule } from '../src/books.module';
import { describeServiceBasics } from '@test/support/service-basics';

describeServiceBasics(BooksModule, 'books');
