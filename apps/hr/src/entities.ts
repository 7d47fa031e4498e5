import { Employee } from './employees/employee.entity';

export const HR_ENTITIES = [Employee];
