import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/policy/policy.decorators';
import { NotFoundError } from '../core/errors/domain-error';
import { serializeTask, TaskResponse } from './task.serializer';
import { TasksService } from './tasks.service';

@ApiTags('tasks')
@Controller('api/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  /** Weblate has no task list either: a task is reached through the `task_url` of what started it. */
  @Get()
  @Public()
  list(): never {
    throw new NotFoundError('Tasks can not be listed; follow the task_url of the object that started one.');
  }

  /** A task's id is an unguessable UUID, so knowing it is what grants access, as in Weblate. */
  @Get(':id')
  @Public()
  async get(@Param('id') id: string): Promise<TaskResponse> {
    return serializeTask(await this.tasks.get(id));
  }
}
