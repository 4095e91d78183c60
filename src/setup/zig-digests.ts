// The sha256 digests of PyPI's `ziglang` wheels bench-action installs Zig from, and of what each unpacks
// to: the `zig` binary and the whole ziglang/ tree (zigTreeDigest: `find . -type f | LC_ALL=C sort |
// xargs sha256sum | sha256sum` inside it). pip downloads only a wheel with one of these digests
// (--require-hashes), and a cached Zig runs only while its files still match (docs/ARCHITECTURE.md#the-trust-boundary). A version
// not listed here is refused. To add one: `python3 scripts/zig-digests.py VERSION` prints its entry.

/** One wheel of a `ziglang` release on PyPI, and what it unpacks to. */
export interface ZigWheelDigest {
  /** The wheel's platform tags, for people: "manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64". */
  wheel: string
  /** sha256 of the .whl file, as pip's --hash checks it. */
  sha256: string
  /** sha256 of ziglang/zig (zig.exe on Windows). */
  zig: string
  /** zigTreeDigest of the unpacked ziglang/ directory. */
  tree: string
}

/** The wheels of each `ziglang` version bench-action can verify, by PyPI version. */
export type ZigDigests = Readonly<Record<string, readonly ZigWheelDigest[]>>

export const ZIG_DIGESTS: ZigDigests = {
  '0.17.1': [
    {
      wheel: 'macosx_13_0_arm64',
      sha256: '09953b6af7f64168b915180a42774f520f92d86ef6331b28e33915c7e1f0bb23',
      zig: 'bb6397b497438ce9e9d0d668fbfb42e777082f2b0af87ab06dec5ec928e19df5',
      tree: 'be76b86b8e33b117a5882115dbea513e839f41b7063eef52028c857103ab5dea',
    },
    {
      wheel: 'macosx_13_0_x86_64',
      sha256: '4e0b4b9c02b8d0d220e9948010f860b62ff11d96abb39762eca5fa2ef3f7bc97',
      zig: 'f1790ce0249d3cf539e695fbda027bde282464e701429ff3ea8a5253dece3cf0',
      tree: 'cde4f0b8aa4986e2d885f56cf6637eff1799d58e05e16e3cdd56d155acaa4267',
    },
    {
      wheel: 'manylinux_2_12_i686.manylinux2010_i686.musllinux_1_1_i686',
      sha256: 'd0549d5db63961ad9ed83ef628a45e3309542410dbcb6010116f4f2a3274d966',
      zig: 'c42a710cb5172c5a62b346f3b5af82742d3e5b61de00f6f973b4314f31a3ffe1',
      tree: '51f1a50cb667002928559bdaf4d4ac770984213a8327c379c5cdb652d8266ad8',
    },
    {
      wheel: 'manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64',
      sha256: 'ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54',
      zig: '58959f01285c05a74276f09327b551d42ed6006bf325a78dc661a024e314987b',
      tree: 'b683008adcdfeb97a1c0e697b4a1de4e96e57f15f6e0b423cf0ed23170c4ef87',
    },
    {
      wheel: 'manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64',
      sha256: 'b7c5f02fccd40f89b999ee16a1f5ddced56e6182370f8affe494bcf8a28cf07e',
      zig: 'e7eef14c4b674845fa65bbd6ad0dbf82037f6cb4364db7973ed23579a5fc26c0',
      tree: 'ddf3ee37f3ea55d2ca11dadf79796eb484288660bbb42ba5be8fe64a87340eae',
    },
    {
      wheel: 'manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l',
      sha256: '7ec229ead4a08f3bc537ed33fa8c0f811739b81a0d05afbea89db30afb4df1cc',
      zig: 'e2d329d997e40734c4f5131e677d0f5c713ca77f82c333daf41419c04ae972fe',
      tree: 'aefaa2cd75541b788926a042c9c808240bd9397d9895ea744b908f8ffe20e794',
    },
    {
      wheel: 'manylinux_2_17_ppc64le.manylinux2014_ppc64le.musllinux_1_1_ppc64le',
      sha256: 'd3bf27478d4593f2df7daf5c59b616a543b8f9e2cc9235bef84d8e54862a4334',
      zig: '5829a8db1a91e1bc6b9ae80339bccec16e738645746fe840aeb36464b70704d6',
      tree: '20025f62b12562c308516a97a7950dc7ae28c037777b15f2d496c09b557add6b',
    },
    {
      wheel: 'manylinux_2_17_s390x.manylinux2014_s390x.musllinux_1_1_s390x',
      sha256: '87f24e5cdca55f5d47c1e20570eebb61a53957fafe4c35c69740e13affe407ba',
      zig: 'a48b209da2e8f0d5898d3b2eedd4afaadb387e87815d3e4ab3d90e60236f77f0',
      tree: 'afa6b1c186203c90fee3c0d7bce6833bb169f0b0826a1f776fcab64965837888',
    },
    {
      wheel: 'manylinux_2_31_riscv64.musllinux_1_1_riscv64',
      sha256: 'd65ae4223b0c351cb3b4596262b8d9773acc9ca94ef8ea9b5fe3ddfa07dd204f',
      zig: 'e6d5f5b75568b4e53e0eca11b4157a756dcb70b3f91f0a3c4d7801fd5a127ea5',
      tree: '8c805baac4212f1fef4a9de92d75f126fa15022163066f1cd2090490b11a1afd',
    },
    {
      wheel: 'win32',
      sha256: 'ae28f1f1150b95c8b1bb5e185d18e6c542877dc480e2476ccc81dac41f191b71',
      zig: '1d49a9aa60d06b8daca43c1bf634029e3f2e03d08f44d8c58b62004885d328a6',
      tree: 'd83c0f5d16aeea3f09d69aa3624251e45ededd73a2d82423532314fce3d15d93',
    },
    {
      wheel: 'win_amd64',
      sha256: '69c3dfc3aff6a297ec4017aa904782c0e450eb988982d7f675d83edce27526fb',
      zig: '8d6f248cdb0fc2ecd5e17c5282ef3f8a4b614beac12e6d27d12462cde59fe56b',
      tree: 'b6df7d0bacb3c8b71c1277d48032f4e12f3ca18f09106375673534e65cf044aa',
    },
    {
      wheel: 'win_arm64',
      sha256: '27a8da5f8eaa0e76ebbc7c2594130ed4646c1101ada2ce0aa86fe580c74154b9',
      zig: '656322ca411d3003dce9225e20b934c83bb56b4746a567860a8f18e7c0f5adc3',
      tree: '803c43a2c00344f692d9f226720ac83853b3c02fa2bee87882080fdcf2a35aeb',
    },
  ],
  '0.16.0': [
    {
      wheel: 'macosx_12_0_arm64',
      sha256: 'b61e5413c49508d9d62e5dcea543e3af491594154d74a00ff52f84ed508260cc',
      zig: 'e6cd688d25664983833aae272f501d4bceeae304875b8f1741209d15fd13a4ec',
      tree: '5cef39152f99505efa7b939bca1fe9f0d7a214792031623f50ee827eaa4c2143',
    },
    {
      wheel: 'macosx_12_0_x86_64',
      sha256: '18e14f6b25678d7b7c65708c82501ee6090fe39ed5c783477d56267af1fa5629',
      zig: '5597fba0eb9d8f1f5331e3e5822e7e96e4a12eeb6f4939781bd8e2c13b15e8b5',
      tree: '0f1eb22f4b95ec0524ce95f6c87843e840d94beb49fbc12ec2dd0538dea506df',
    },
    {
      wheel: 'manylinux_2_12_i686.manylinux2010_i686.musllinux_1_1_i686',
      sha256: '8b83661247430aa335b3cbc29569084900412dde5633b02c80a6d2ff734de3d2',
      zig: '0a23deeae370ad3cadd9abd18b7515035ac334684f73c99acd36b4388173d339',
      tree: '781f47fb9821863c13e4c638c6c3cb93eb2cabefe591a20da883cbcbe6895f9f',
    },
    {
      wheel: 'manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64',
      sha256: '9fcda73f62b851dd72a54b710ad40a209896db14cfb13649e62191243556342b',
      zig: '2317bbb91798556d9d0f38aabdac23db83f0979b25f767259ae474546724087c',
      tree: '5b770ff091a2db31cae5ad86ff25b6d37563d388655ebaa263600b2f0ba39b09',
    },
    {
      wheel: 'manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64',
      sha256: 'e27d409812b11e0fb89ed0200cf2e55b6464d43f9461553104e4a4f9a94a1fd5',
      zig: '6e2989a7efbd4e81acbacb6c6378e34340d8e88bb023b10c4a941021be55cdcb',
      tree: 'c0189801d6daabdc2a4bff188f32fad4e17559d37e719732425d59827c31321a',
    },
    {
      wheel: 'manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l',
      sha256: '7249779f0f916cfd2d1a9d54eb7600f3901384dc8dcbe1eea226bd32a8237fb5',
      zig: '017d8915487619e0f7a623826dd40a86d0362b3ce7975c1b8e9fbdc4a70c1cdf',
      tree: '06820ae75178f8c09b78b35f1e81348d1394f692f6b7db57950696dcda5a4b6f',
    },
    {
      wheel: 'manylinux_2_17_ppc64le.manylinux2014_ppc64le.musllinux_1_1_ppc64le',
      sha256: '0fd671c599f6961638cc302cf1f9461486696385311d4c0276171dcf7d2b67f5',
      zig: '777e12ca355603c98c296c6219a45fad379ed58d2333727b5aa73620c1e5b592',
      tree: '0f58ba6ead8ee74552c8c890ce53b69be2ed6f2d9325d23f3c49cfcf4fb37d48',
    },
    {
      wheel: 'manylinux_2_17_s390x.manylinux2014_s390x.musllinux_1_1_s390x',
      sha256: 'df0e6599e41d087c912b0d3d7cedef6c9cb1f0032465c8fc820e9986772d11e4',
      zig: '195904d5228642644a68d6c7e8b0f9460b9c0cd63ce3cbb540a77693c2e5f2e9',
      tree: 'ccd2bbf5f94a00fa71c2ca670675bbe22a5de10579e8987752946eb7b80b3119',
    },
    {
      wheel: 'manylinux_2_31_riscv64.musllinux_1_1_riscv64',
      sha256: 'd4bd8197344fffe276e1d6446e4ef7bc38637d821b4685fe96a936503d4b0619',
      zig: '73549c77cc25ce30295edb541701e504166832f6b3aff4aa2ba0e36875c09adf',
      tree: 'e1866da47cfaaeee895516ba182aec898eeb9a95b939161e23c12033cfaecdc0',
    },
    {
      wheel: 'win32',
      sha256: 'f978c12b5337cf418034964de00023b7ec5ec484383dc97c6a6585f4a9105840',
      zig: '3017486b5d253720d3dcfc9a3127678d2eeba90fe9145b661545ca278e155478',
      tree: '2b295c769c01e5feb8657432da4ab9133bb70e474dc98220ff7d470b5511a930',
    },
    {
      wheel: 'win_amd64',
      sha256: '089a16a4eb5a2f45151993342f8fabad24ff1a0723dc146642895c29208a3939',
      zig: '086ce9d47ba42f33a514e1a6e04eb1d4a8fa1d75e0868e0213caad447c91e864',
      tree: 'bfb203cff0663e3feb8466339314f79aebc51538c2f3fbaa06126fdca15a6736',
    },
    {
      wheel: 'win_arm64',
      sha256: 'e44a5271f7b72f7980017bb615823ed52e765f96b6482d93a2fd338cd53101bf',
      zig: '6b2bd50fc8f08fc89f240cbaec17e9d7b0ef1adca016b8ef7b555877dd208c58',
      tree: '7b4f3598c5dd09a63078329a5058b5911769a77b98e9f2ac9300e103a87168db',
    },
  ],
  '0.15.2': [
    {
      wheel: 'macosx_12_0_arm64',
      sha256: 'acae2a9ce67ed249ad68d42c21bc73b5f9d51a33ba5ea42f609f78683e8d9bb7',
      zig: 'c65cd34917923f575448cc0603dd7c2326da0af0e5c323043d090662dcdf351c',
      tree: 'b74718f2ebbf3a0234566432d18a46d6ac201cb1b21de0b3144dbb66d16db701',
    },
    {
      wheel: 'macosx_12_0_x86_64',
      sha256: '47af4f85e3e59bd672126cc026d3a01b516cad24b9a9ea075abfe8532f4c6bc1',
      zig: 'f76ad95c3f2ba6c8fd2ae0337bfb0fedd27e1223183597cfa0ddc517db1d5b20',
      tree: 'e42d3387acad78df9d86bdcacf9930b2ce62d55418b0957e7af3a9e052f9940d',
    },
    {
      wheel: 'manylinux_2_12_i686.manylinux2010_i686.musllinux_1_1_i686',
      sha256: '04eb9c4135ef431487b920c73312cd3a5e754019839024eeed3521772d1585a2',
      zig: 'cf545f932b5eacc49cce7fe8c812252772130f11c28b3a050a8b917dd59097e8',
      tree: '6eac52d0bd716889cc83ac5077148c396ae7e7bb1294a1a16ddde19db1d25b1f',
    },
    {
      wheel: 'manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64',
      sha256: '806316453d1ede7174ed3fefb8e5348154629089c3bb5fe812dfd0e172fac130',
      zig: '2858dc89dbbfdd08cceda1b841e7fd0a793a1a67b49f150bc3d0d1de44ed7f51',
      tree: '1ff54d6ae1db35bbc73d4b23453dd8823012e5392497879b0352dc7ae78c6ab2',
    },
    {
      wheel: 'manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64',
      sha256: 'edc0aa60ec964a4cf462d40f68d7de242ddf37fd9a80f2afaee6397059463230',
      zig: '931b8e9a9327dac87bc439067f07604219510fa541133ff6e542c6243968cc86',
      tree: 'f8db979ead6883a7ca66d60c07784da0d79c16afbf6e8710d5da82b878d2df88',
    },
    {
      wheel: 'manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l',
      sha256: 'ad43a4692311512ab55cc918596c814ff44fb811b1299fa9a57cc4e2bf315c6b',
      zig: '6211089e177d6d52c9e152ee151017ffa8b044c5e85a4de50a2d248bdc0e295b',
      tree: 'e81e80397053e0ea95db2022b9e7496a47cb16f657730b1cb6fc3a5cd407278c',
    },
    {
      wheel: 'manylinux_2_17_ppc64le.manylinux2014_ppc64le.musllinux_1_1_ppc64le',
      sha256: '85faefbd4cfe420de92aaa8f8300bec2b9afe8d1f1d8c5abf71bf92754682536',
      zig: '00c6d94e3cfccc7ff644ddfadd33929e52083d6d9c92c2c503b7717f67d5bae6',
      tree: '477a6e9b67e0ad87e06242b4d9b63097d790d8f70a2e97868a4afc9a0931d8b6',
    },
    {
      wheel: 'manylinux_2_17_s390x.manylinux2014_s390x.musllinux_1_1_s390x',
      sha256: '978ebcc3c6c9624cbc999dd8dcb65427e7474650d9709a889aace8e325705ce2',
      zig: '95ffbe0fe94627a7515130aec85c62b719a6162a314b3a0250fe9adf77c29aa4',
      tree: '3d549950c4d6dc91df2087caf411d203a04582bdeaa4c479c699421eb211e9e1',
    },
    {
      wheel: 'manylinux_2_31_riscv64.musllinux_1_1_riscv64',
      sha256: 'd3fe40825e18238e986b305cbf3a4d93a50461b893339e31c81b0d6c73f33937',
      zig: 'b2a1a596e0b63e6b04347e5810b60e55dec8b48015b6f37a182e8cfe4433895d',
      tree: '05ed3265c179f991ffb693f9285aa24ffae693ffe4e96264990783614c399d2f',
    },
    {
      wheel: 'win32',
      sha256: 'b174f7ebb9d1f2210d32d1420333120f6117ebee3de8b3e221e6ebb0c3beec4b',
      zig: '345f8616211b37874188bdef5d020a6d15d1bc43cf7344bd4e237557a50ac4d8',
      tree: '0af3f35f3ffd5d49b9e6890abba62ef25a27c4abd3f0742a795a455ef7ae9677',
    },
    {
      wheel: 'win_amd64',
      sha256: 'ca80dc9c70dbdfdd9ee51d000de3501a95d33d9782ab9ab9b56f700484ebcd83',
      zig: 'd408dd38eed3e5204af841bcebf70502a4dbbb8399a3a3262be55059370bc018',
      tree: '0af0495064a01634ef7bbf98f48994c56b19d16fe471c5069a22e6141d5d6aec',
    },
    {
      wheel: 'win_arm64',
      sha256: 'a81ebfc61e1b7aa43a33add23f93b98954d757434f894eb21bd40b176b6688aa',
      zig: '75b54d6b16959a7bf2ed1752ed144933ae8c53f1a84adaac8be22b7805cc625d',
      tree: 'bf554282f9caf12d870f13d6f1d6fc7a061efbf5f2ac47e33ff80a9714399ea8',
    },
  ],
}
