/** JSON schemas of users, staff roles, menus and the own account (docs/api/users.md). */
import { dateTime, id, listResponse, nullableString, writeResponse } from '../../lib/schemas.js';

export const TAGS = ['users'];

export const USER_STATUSES = ['active', 'disabled'] as const;
export const AREAS = ['admin', 'supplier'] as const;
export const USER_SORTS = ['name', 'username', 'createdAt'] as const;

const text = (max: number, min = 0) => ({ type: 'string', minLength: min, maxLength: max }) as const;
const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

export const NAME_MAX = 100;
export const PHONE = {
  type: ['string', 'null'],
  maxLength: 20,
  description: '6–20 of digits, spaces, + and - (null or empty clears it)',
} as const;

const shop = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;

export const userSummary = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    phone: nullableString,
    roleId: { type: 'integer' },
    role: { type: 'string' },
    roleName: { type: 'string' },
    area: { type: 'string', enum: AREAS },
    status: { type: 'string', enum: USER_STATUSES },
    employeeCode: nullableString,
    department: nullableString,
    position: nullableString,
    userType: nullableString,
    invitation: {
      type: ['string', 'null'],
      enum: ['pending', 'expired', null],
      description: 'An invited user who has not set a password yet: is the last link still valid',
    },
    shops: { type: 'array', items: shop },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'username',
    'email',
    'firstName',
    'lastName',
    'phone',
    'roleId',
    'role',
    'roleName',
    'area',
    'status',
    'employeeCode',
    'department',
    'position',
    'userType',
    'invitation',
    'shops',
    'createdAt',
    'updatedAt',
  ],
} as const;

export const userListQuery = {
  page: { type: 'integer', minimum: 1, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  search: { ...text(100), description: 'Username, e-mail, name, phone or employee code contains this (any case)' },
  roleId: { ...id, description: 'Accounts with this role' },
  status: { type: 'string', enum: USER_STATUSES },
  area: { type: 'string', enum: AREAS, description: 'admin: staff accounts; supplier: supplier accounts' },
  sort: { type: 'string', enum: USER_SORTS, description: 'Default: name' },
  order: { type: 'string', enum: ['asc', 'desc'], description: 'Only with sort (default asc)' },
} as const;
export const userList = listResponse(userSummary);

const link = {
  type: 'object',
  properties: {
    url: {
      type: 'string',
      description: 'The path of the one-time page, /set-password?token=…; shown once, only its hash is kept',
    },
    expiresAt: dateTime,
    purpose: { type: 'string', enum: ['invite', 'reset'] },
  },
  required: ['url', 'expiresAt', 'purpose'],
} as const;
export const passwordLink = link;

export const staffFields = {
  email: { type: 'string', format: 'email', maxLength: 200 },
  firstName: text(NAME_MAX, 1),
  lastName: text(NAME_MAX, 1),
  phone: PHONE,
  employeeCode: { ...nullableText(30), description: 'Unique among accounts; null or empty clears it' },
  department: nullableText(80),
  position: nullableText(80),
  userType: { ...nullableText(40), description: 'A code of usertypemaster' },
} as const;

export const createStaffBody = {
  username: {
    type: 'string',
    pattern: '^[A-Za-z0-9._-]{3,50}$',
    description: '3–50 letters, digits, dots, dashes or underscores; stored in lower case',
  },
  roleId: { ...id, description: 'A staff role (getuserroles?area=admin)' },
  ...staffFields,
} as const;
export const created = { type: 'object', properties: { user: userSummary, link }, required: ['user', 'link'] } as const;

export const patchStaffBody = {
  updatedAt: { ...dateTime, description: 'The updatedAt read: a newer change answers 409' },
  ...staffFields,
} as const;

export const statusBody = {
  userId: id,
  status: { type: 'string', enum: USER_STATUSES },
  updatedAt: { ...dateTime, description: 'Optional: the updatedAt read; a newer change answers 409' },
} as const;
export const roleUserBody = {
  userId: id,
  roleId: id,
  updatedAt: statusBody.updatedAt,
} as const;
export const userWritten = writeResponse(userSummary);

// ----- roles and menus -----

export const role = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    name: { type: 'string' },
    area: { type: 'string', enum: AREAS },
    builtin: { type: 'boolean' },
    editable: { type: 'boolean', description: 'Its menus may be changed (every role but admin)' },
    userCount: { type: 'integer' },
    menuCount: { type: 'integer' },
  },
  required: ['id', 'code', 'name', 'area', 'builtin', 'editable', 'userCount', 'menuCount'],
} as const;
export const roleDetail = {
  type: 'object',
  properties: {
    ...role.properties,
    menus: { type: 'array', items: { type: 'string' }, description: 'Granted menu paths' },
    version: { type: 'string', description: 'Send it back with a change: another change since answers 409' },
  },
  required: [...role.required, 'menus', 'version'],
} as const;

const menuLeaf = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    title: { type: 'string' },
    onlyFor: { type: ['array', 'null'], items: { type: 'string' } },
  },
  required: ['path', 'title', 'onlyFor'],
} as const;
export const menuNode = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    title: { type: 'string' },
    group: { type: 'string' },
    icon: nullableString,
    onlyFor: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'Only these roles may hold it (null: any role of the area)',
    },
    children: { type: 'array', items: menuLeaf },
  },
  required: ['path', 'title', 'group', 'icon', 'onlyFor', 'children'],
} as const;

// ----- user types, employees -----

export const userTypes = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { code: { type: 'string' }, name: { type: 'string' } },
        required: ['code', 'name'],
      },
    },
  },
  required: ['items'],
} as const;

export const employee = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    phone: nullableString,
    employeeCode: nullableString,
    department: nullableString,
    position: nullableString,
    userType: nullableString,
    roleName: { type: 'string' },
    role: { type: 'string' },
    status: { type: 'string', enum: USER_STATUSES },
  },
  required: [
    'id',
    'username',
    'firstName',
    'lastName',
    'email',
    'phone',
    'employeeCode',
    'department',
    'position',
    'userType',
    'roleName',
    'role',
    'status',
  ],
} as const;
export const employeeQuery = {
  page: userListQuery.page,
  limit: userListQuery.limit,
  search: { ...text(100), description: 'Name, username, employee code or position contains this (any case)' },
  department: text(80, 1),
  userType: text(40, 1),
} as const;
export const employeeList = {
  type: 'object',
  properties: {
    ...listResponse(employee).properties,
    departments: { type: 'array', items: { type: 'string' }, description: 'Every department named on a staff account' },
  },
  required: ['items', 'total', 'maxpage', 'departments'],
} as const;

// ----- own account, password links -----

export const accountPatchBody = {
  updatedAt: patchStaffBody.updatedAt,
  firstName: staffFields.firstName,
  lastName: staffFields.lastName,
  phone: PHONE,
} as const;
export const passwordBody = {
  currentPassword: text(200, 1),
  newPassword: { ...text(200, 1), description: 'At least 8 characters with a letter and a digit, not the current one' },
} as const;

const token = { type: 'string', minLength: 20, maxLength: 200, description: 'The token of the link' } as const;
export const tokenBody = { token } as const;
export const setPasswordBody = { token, password: passwordBody.newPassword } as const;
export const linkInfo = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        username: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        purpose: link.properties.purpose,
        expiresAt: dateTime,
      },
      required: ['username', 'firstName', 'lastName', 'purpose', 'expiresAt'],
    },
  },
  required: ['data'],
} as const;
export const passwordSet = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    username: { type: 'string' },
    area: { type: 'string', enum: AREAS },
  },
  required: ['status', 'message', 'username', 'area'],
} as const;

/** An answer that carries on the caller's session under a fresh token (the one sent is refused from now on). */
export const renewed = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    accessToken: { type: 'string', description: 'the fresh token of this session: use it from now on' },
  },
  required: ['status', 'message', 'accessToken'],
} as const;

export const signedOutOthers = {
  type: 'object',
  properties: {
    ...renewed.properties,
    ended: { type: 'integer', minimum: 0, description: 'how many other sessions ended' },
  },
  required: [...renewed.required, 'ended'],
} as const;

const session = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userAgent: { ...nullableString, description: 'the browser or app that signed in, as it named itself' },
    ip: { ...nullableString, description: 'the address of its last request' },
    createdAt: dateTime,
    lastSeenAt: dateTime,
    current: { type: 'boolean', description: 'the session of this request' },
  },
  required: ['id', 'userAgent', 'ip', 'createdAt', 'lastSeenAt', 'current'],
} as const;

export const sessionList = {
  type: 'object',
  properties: { items: { type: 'array', items: session } },
  required: ['items'],
} as const;
