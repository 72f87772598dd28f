import { closedObject, errorResponses, id } from '../../lib/schemas.js';

const navItem = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    path: { type: 'string' },
    icon: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    children: {
      type: 'array',
      items: {
        type: 'object',
        properties: { title: { type: 'string' }, path: { type: 'string' }, icon: { type: 'string' } },
        required: ['title', 'path'],
      },
    },
  },
  required: ['title', 'path'],
} as const;

export const navConfigSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { subheader: { type: 'string' }, items: { type: 'array', items: navItem } },
    required: ['subheader', 'items'],
  },
} as const;

export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    role: { type: 'string' },
    roleName: { type: 'string' },
    shops: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id, name: { type: 'string' }, status: { type: 'string' } },
        required: ['id', 'name', 'status'],
      },
    },
  },
  required: ['id', 'username', 'email', 'firstName', 'lastName', 'role', 'shops'],
} as const;

const rolesSchema = { type: 'array', items: { type: 'string' } } as const;

export const loginSchema = {
  tags: ['account'],
  summary: 'Sign in with username or email',
  body: closedObject(
    {
      users: { type: 'string', minLength: 1, maxLength: 200, description: 'username or email' },
      password: { type: 'string', minLength: 1, maxLength: 200 },
      typeLogin: { type: 'string', enum: ['staff', 'supplier'] },
    },
    ['users', 'password', 'typeLogin'],
  ),
  response: {
    200: {
      type: 'object',
      properties: {
        status: { type: 'integer' },
        message: { type: 'string' },
        accessToken: { type: 'string' },
        user: userSchema,
        navConfig: navConfigSchema,
        roles: rolesSchema,
      },
      required: ['status', 'message', 'accessToken', 'user', 'navConfig', 'roles'],
    },
    ...errorResponses,
  },
} as const;

export const registerSchema = {
  tags: ['account'],
  summary:
    'Supplier sign-up: creates a supplier account with one pending shop; does not say whether the e-mail had one',
  body: closedObject(
    {
      email: { type: 'string', format: 'email', maxLength: 200 },
      password: { type: 'string', minLength: 8, maxLength: 200 },
      firstName: { type: 'string', minLength: 1, maxLength: 100 },
      lastName: { type: 'string', minLength: 1, maxLength: 100 },
    },
    ['email', 'password', 'firstName', 'lastName'],
  ),
  response: {
    200: {
      description:
        'The same answer whether the e-mail was new (the account is made: sign in with it) or already had an account (left as it is; its owner gets a notice in their mailbox)',
      type: 'object',
      properties: { status: { type: 'integer', enum: [200] }, message: { type: 'string' } },
      required: ['status', 'message'],
    },
    ...errorResponses,
  },
} as const;

export const meSchema = {
  tags: ['account', 'addition'],
  'x-addition': true,
  summary: 'The signed-in user, menu and roles (addition)',
  response: {
    200: {
      type: 'object',
      properties: { user: userSchema, navConfig: navConfigSchema, roles: rolesSchema },
      required: ['user', 'navConfig', 'roles'],
    },
    ...errorResponses,
  },
} as const;
