import { Addon } from '../addons/addon.entity';
import { WebhookDelivery } from '../addons/webhook-delivery.entity';
import { Group } from '../auth/group.entity';
import { Category } from '../categories/category.entity';
import { Change } from '../changes/change.entity';
import { Component } from '../components/component.entity';
import { ComponentList } from '../component-lists/component-list.entity';
import { ComponentListRule } from '../component-lists/component-list-rule.entity';
import { Role } from '../auth/role.entity';
import { Label } from '../labels/label.entity';
import { Language } from '../languages/language.entity';
import { Plural } from '../languages/plural.entity';
import { Project } from '../projects/project.entity';
import { Screenshot, ScreenshotUnit } from '../screenshots/screenshot.entity';
import { Task } from '../tasks/task.entity';
import { Translation } from '../translations/translation.entity';
import { Unit } from '../units/unit.entity';
import { ApiToken } from '../users/api-token.entity';
import { NotificationSubscription } from '../users/notification-subscription.entity';
import { User } from '../users/user.entity';

/** Every entity of the application; the DataSource loads exactly these. */
export const ENTITIES = [User, ApiToken, NotificationSubscription, Task, Language, Plural, Role, Group, Project, Category, Component, Translation, Unit, ComponentList, ComponentListRule, Label, Change, Screenshot, ScreenshotUnit, Addon, WebhookDelivery];
