/**
 * The release registry's texts, in Chinese for the release page and the `npm run release`
 * command's one-line refusals. (The registry's own feature: the learner-facing texts stay
 * in ../messages.ts.)
 */
export const RELEASE_MESSAGES = {
  tokenMissing: '缺少发布令牌（RELEASE_TOKEN）',
  reportsTooFrequent: '上报过于频繁，请稍后再试',
  tokenInvalid: '发布令牌无效',
  tokensNotConfigured: '服务器未配置发布令牌（RELEASE_TOKENS），发布功能已关闭',
  unknownEnvironment: (name: string) => `未知的环境：${name}（可用：staging、production）`,
  unknownRemote: (remote: string) => `未注册的远程模块：${remote}`,
  unknownVersion: (remote: string, version: string) => `${remote} 没有已发布的版本 ${version}`,
  badVersion: (version: string) => `版本号不合法：${version}`,
  reasonRequired: '请填写原因（--reason）',
  percentInvalid: '灰度比例须为 1–99 的整数',
  manifestMissing: '上传内容缺少 release-manifest.json 或 mf-manifest.json',
  manifestInvalid: (detail: string) => `release-manifest.json 不合法：${detail}`,
  manifestRemoteMismatch: (remote: string, named: string) => `release-manifest.json 属于 ${named}，不是 ${remote}`,
  federationNameTaken: (name: string, owner: string) => `联邦名称 ${name} 已被 ${owner} 使用`,
  federationNameChanged: (remote: string, registered: string, named: string) =>
    `${remote} 的联邦名称是 ${registered}，该版本却是 ${named}`,
  badFilePath: (path: string) => `文件路径不合法：${path}`,
  versionExistsDifferent: (remote: string, version: string) =>
    `${remote} ${version} 已发布且内容不同：已发布的版本不可覆盖，请提升版本号`,
  alreadyPinned: (remote: string, version: string) => `${remote} 已固定在 ${version}`,
  nothingToRollBack: (remote: string) => `${remote} 没有可回滚的上一个版本`,
  pinMovedMeanwhile: (remote: string) => `${remote} 的固定版本刚被他人改动，请查看 history 后重试`,
  noCanary: (remote: string) => `${remote} 没有进行中的灰度`,
  canaryIsPin: (remote: string, version: string) => `${version} 已是 ${remote} 的固定版本，无需灰度`,
  notPinned: (remote: string) => `${remote} 在该环境尚未固定任何版本，请先 pin`,
  noStorage: '服务器未配置站点存储目录，无法发布',
  // Compatibility (at publish and at pin): each names the remote, the package and both versions.
  incompatibleShared: (remote: string, version: string, pkg: string, built: string, provided: string) =>
    `${remote} ${version} 与线上外壳不兼容：${pkg} 构建版本 ${built}，外壳提供 ${provided}`,
  sharedMissing: (remote: string, version: string, pkg: string, provided: string) =>
    `${remote} ${version} 未声明共享依赖 ${pkg} 的构建版本（外壳提供 ${provided}）`,
  exposedMissing: (remote: string, version: string, path: string, exposed: string) =>
    `${remote} ${version} 的路由 ${path} 指向未暴露的模块 ${exposed}`,
  routeCollision: (remote: string, version: string, path: string, other: string, otherVersion: string) =>
    `${remote} ${version} 的路由 ${path} 与 ${other} ${otherVersion} 冲突`,
  routeIsShells: (remote: string, version: string, path: string) =>
    `${remote} ${version} 的路由 ${path} 是外壳自己的页面`,
  shellBreaksRemote: (remote: string, version: string, pkg: string, built: string, provided: string) =>
    `新外壳会破坏线上的 ${remote} ${version}：${pkg} 构建版本 ${built}，新外壳提供 ${provided}`,
  shellDropsShared: (remote: string, version: string, pkg: string, built: string) =>
    `新外壳会破坏线上的 ${remote} ${version}：${pkg} 构建版本 ${built}，新外壳不再提供 ${pkg}`,
  shellTakesRoute: (page: string, remote: string, version: string, path: string) =>
    `新外壳的页面 ${page} 与线上的 ${remote} ${version} 的路由 ${path} 冲突`,
  shellManifestMissing: '站点目录中没有可用的 shell-manifest.json（无法证明兼容）：请先构建并部署外壳',
  overrideInvalid: '测试链接无效或已过期',
} as const;
