export const reportPaths = {
  list: () => '/reports',
  add: () => '/reports/add',
  view: (reportId: number) => `/reports/view/${reportId}`,
  edit: (reportId: number) => `/reports/edit/${reportId}`,
};
