/// Real Chinese railway stations: telecode, Chinese name, pinyin, initials, city, hot flag and
/// English name. Sources: see docs/data.md.
///
/// One station per line: `telecode|name|pinyin|initials|city|hot|english`, copied from 12306's
/// station list (`station_name.js`); `hot` marks the big hubs (1) shown first in station pickers.
/// The English name is the pinyin of the place (syllables joined, an apostrophe before a syllable
/// starting with a, o or e: `Xi'an`), the city and the rest as two words when the name starts with
/// its city (`Beijing Fengtai`), and a final 东南西北 as East, South, West, North.
enum DemoStations {
    static let table = """
        VNP|北京南|beijingnan|bjn|北京|1|Beijing South
        BJP|北京|beijing|bj|北京|1|Beijing
        BXP|北京西|beijingxi|bjx|北京|1|Beijing West
        VAP|北京北|beijingbei|bjb|北京|0|Beijing North
        BOP|北京东|beijingdong|bjd|北京|0|Beijing East
        FTP|北京丰台|beijingfengtai|bjft|北京|0|Beijing Fengtai
        IFP|北京朝阳|beijingchaoyang|bjcy|北京|0|Beijing Chaoyang
        YUP|亦庄|yizhuang|yz|北京|0|Yizhuang
        IKP|顺义西|shunyixi|syx|北京|0|Shunyi West
        IMP|怀柔南|huairounan|hrn|北京|0|Huairou South
        SHH|上海|shanghai|sh|上海|1|Shanghai
        SNH|上海南|shanghainan|shn|上海|0|Shanghai South
        AOH|上海虹桥|shanghaihongqiao|shhq|上海|1|Shanghai Hongqiao
        TJP|天津|tianjin|tj|天津|1|Tianjin
        TIP|天津南|tianjinnan|tjn|天津|0|Tianjin South
        TXP|天津西|tianjinxi|tjx|天津|0|Tianjin West
        WWP|武清|wuqing|wq|天津|0|Wuqing
        JMP|军粮城北|junliangchengbei|jlcb|天津|0|Junliangcheng North
        TGP|塘沽|tanggu|tg|天津|0|Tanggu
        YKP|滨海|binhai|bh|天津|0|Binhai
        GBQ|广州北|guangzhoubei|gzb|广州|0|Guangzhou North
        GGQ|广州东|guangzhoudong|gzd|广州|0|Guangzhou East
        GZQ|广州|guangzhou|gz|广州|1|Guangzhou
        IZQ|广州南|guangzhounan|gzn|广州|1|Guangzhou South
        GBA|广州白云|guangzhoubaiyun|gzby|广州|0|Guangzhou Baiyun
        IOQ|深圳北|shenzhenbei|szb|深圳|1|Shenzhen North
        SZQ|深圳|shenzhen|sz|深圳|1|Shenzhen
        BJQ|深圳东|shenzhendong|szd|深圳|0|Shenzhen East
        NZQ|福田|futian|ft|深圳|0|Futian
        IMQ|光明城|guangmingcheng|gmc|深圳|0|Guangmingcheng
        IFQ|深圳坪山|shenzhenpingshan|szps|深圳|0|Shenzhen Pingshan
        HGH|杭州东|hangzhoudong|hzd|杭州|1|Hangzhou East
        HZH|杭州|hangzhou|hz|杭州|0|Hangzhou
        XHH|杭州南|hangzhounan|hzn|杭州|0|Hangzhou South
        HVU|杭州西|hangzhouxi|hzx|杭州|0|Hangzhou West
        NJH|南京|nanjing|nj|南京|0|Nanjing
        NKH|南京南|nanjingnan|njn|南京|1|Nanjing South
        WHN|武汉|wuhan|wh|武汉|1|Wuhan
        HKN|汉口|hankou|hk|武汉|1|Hankou
        WCN|武昌|wuchang|wc|武汉|0|Wuchang
        EAY|西安北|xianbei|xab|西安|1|Xi'an North
        XAY|西安|xian|xa|西安|0|Xi'an
        ICW|成都东|chengdudong|cdd|成都|1|Chengdu East
        CNW|成都南|chengdunan|cdn|成都|0|Chengdu South
        CDW|成都|chengdu|cd|成都|0|Chengdu
        CMW|成都西|chengduxi|cdx|成都|0|Chengdu West
        JOW|简阳南|jianyangnan|jyn|成都|0|Jianyang South
        CUW|重庆北|chongqingbei|cqb|重庆|1|Chongqing North
        CQW|重庆|chongqing|cq|重庆|0|Chongqing
        CXW|重庆西|chongqingxi|cqx|重庆|0|Chongqing West
        CYW|沙坪坝|shapingba|spb|重庆|0|Shapingba
        ZAF|郑州东|zhengzhoudong|zzd|郑州|1|Zhengzhou East
        ZZF|郑州|zhengzhou|zz|郑州|0|Zhengzhou
        XPF|郑州西|zhengzhouxi|zzx|郑州|0|Zhengzhou West
        GYF|巩义南|gongyinan|gyn|郑州|0|Gongyi South
        CSQ|长沙|changsha|cs|长沙|0|Changsha
        CWQ|长沙南|changshanan|csn|长沙|1|Changsha South
        HBB|哈尔滨|haerbin|heb|哈尔滨|0|Harbin
        VAB|哈尔滨西|haerbinxi|hebx|哈尔滨|1|Harbin West
        SBB|双城北|shuangchengbei|scb|哈尔滨|0|Shuangcheng North
        CCT|长春|changchun|cc|长春|0|Changchun
        CRT|长春西|changchunxi|ccx|长春|0|Changchun West
        DXT|德惠西|dehuixi|dhx|长春|0|Dehui West
        GBT|公主岭南|gongzhulingnan|gzln|长春|0|Gongzhuling South
        SYT|沈阳|shenyang|sy|沈阳|0|Shenyang
        SBT|沈阳北|shenyangbei|syb|沈阳|1|Shenyang North
        XOT|新民北|xinminbei|xmb|沈阳|0|Xinmin North
        JNK|济南|jinan|jn|济南|0|Jinan
        JGK|济南西|jinanxi|jnx|济南|1|Jinan West
        FZS|福州|fuzhou|fz|福州|1|Fuzhou
        FYS|福州南|fuzhounan|fzn|福州|0|Fuzhou South
        FQS|福清|fuqing|fq|福州|0|Fuqing
        LKS|连江|lianjiang|lj|福州|0|Lianjiang
        LVS|罗源|luoyuan|ly|福州|0|Luoyuan
        XKS|厦门北|xiamenbei|xmb|厦门|1|Xiamen North
        XMS|厦门|xiamen|xm|厦门|0|Xiamen
        GIW|贵阳|guiyang|gy|贵阳|0|Guiyang
        KQW|贵阳北|guiyangbei|gyb|贵阳|1|Guiyang North
        KEW|贵阳东|guiyangdong|gyd|贵阳|0|Guiyang East
        KMM|昆明|kunming|km|昆明|0|Kunming
        KOM|昆明南|kunmingnan|kmn|昆明|1|Kunming South
        SVM|嵩明|songming|sm|昆明|0|Songming
        LZJ|兰州|lanzhou|lz|兰州|0|Lanzhou
        LAJ|兰州西|lanzhouxi|lzx|兰州|0|Lanzhou West
        IZJ|榆中|yuzhong|yz|兰州|0|Yuzhong
        NCG|南昌|nanchang|nc|南昌|0|Nanchang
        NXG|南昌西|nanchangxi|ncx|南昌|0|Nanchang West
        JXG|进贤南|jinxiannan|jxn|南昌|0|Jinxian South
        SJP|石家庄|shijiazhuang|sjz|石家庄|0|Shijiazhuang
        ZHP|正定机场|zhengdingjichang|zdjc|石家庄|0|Zhengding Airport
        GNP|高邑西|gaoyixi|gyx|石家庄|0|Gaoyi West
        LJP|廊坊|langfang|lf|廊坊|0|Langfang
        CBP|沧州西|cangzhouxi|czx|沧州|0|Cangzhou West
        COP|沧州|cangzhou|cz|沧州|0|Cangzhou
        DIP|德州东|dezhoudong|dzd|德州|0|Dezhou East
        DZP|德州|dezhou|dz|德州|0|Dezhou
        TMK|泰安|taian|ta|泰安|0|Tai'an
        TAK|泰山|taishan|ts|泰安|0|Taishan
        QAK|曲阜东|qufudong|qfd|济宁|0|Qufu East
        YZK|兖州|yanzhou|yz|济宁|0|Yanzhou
        TEK|滕州东|tengzhoudong|tzd|枣庄|0|Tengzhou East
        ZEK|枣庄|zaozhuang|zz|枣庄|0|Zaozhuang
        UUH|徐州东|xuzhoudong|xzd|徐州|0|Xuzhou East
        XCH|徐州|xuzhou|xz|徐州|0|Xuzhou
        SRH|宿州东|suzhoudong|szd|宿州|0|Suzhou East
        QSH|萧县北|xiaoxianbei|xxb|宿州|0|Xiaoxian North
        BMH|蚌埠南|bengbunan|bbn|蚌埠|0|Bengbu South
        BBH|蚌埠|bengbu|bb|蚌埠|0|Bengbu
        EWH|定远|dingyuan|dy|滁州|0|Dingyuan
        CXH|滁州|chuzhou|cz|滁州|0|Chuzhou
        ZEH|镇江南|zhenjiangnan|zjn|镇江|0|Zhenjiang South
        ZJH|镇江|zhenjiang|zj|镇江|0|Zhenjiang
        EXH|丹阳北|danyangbei|dyb|镇江|0|Danyang North
        ESH|常州北|changzhoubei|czb|常州|0|Changzhou North
        CZH|常州|changzhou|cz|常州|0|Changzhou
        WGH|无锡东|wuxidong|wxd|无锡|0|Wuxi East
        WXH|无锡|wuxi|wx|无锡|0|Wuxi
        OHH|苏州北|suzhoubei|szb|苏州|0|Suzhou North
        SZH|苏州|suzhou|sz|苏州|0|Suzhou
        KNH|昆山南|kunshannan|ksn|苏州|0|Kunshan South
        ZAP|涿州东|zhuozhoudong|zzd|保定|0|Zhuozhou East
        GMP|高碑店东|gaobeidiandong|gbdd|保定|0|Gaobeidian East
        BMP|保定东|baodingdong|bdd|保定|0|Baoding East
        BDP|保定|baoding|bd|保定|0|Baoding
        DOP|定州东|dingzhoudong|dzd|保定|0|Dingzhou East
        EDP|邢台东|xingtaidong|xtd|邢台|0|Xingtai East
        XTP|邢台|xingtai|xt|邢台|0|Xingtai
        HPP|邯郸东|handandong|hdd|邯郸|0|Handan East
        HDP|邯郸|handan|hd|邯郸|0|Handan
        ADF|安阳东|anyangdong|ayd|安阳|0|Anyang East
        AYF|安阳|anyang|ay|安阳|0|Anyang
        HFF|鹤壁东|hebidong|hbd|鹤壁|0|Hebi East
        EGF|新乡东|xinxiangdong|xxd|新乡|0|Xinxiang East
        XXF|新乡|xinxiang|xx|新乡|0|Xinxiang
        XVF|许昌东|xuchangdong|xcd|许昌|0|Xuchang East
        XCF|许昌|xuchang|xc|许昌|0|Xuchang
        LBN|漯河西|luohexi|lhx|漯河|0|Luohe West
        LON|漯河|luohe|lh|漯河|0|Luohe
        ZLN|驻马店西|zhumadianxi|zmdx|驻马店|0|Zhumadian West
        ZDN|驻马店|zhumadian|zmd|驻马店|0|Zhumadian
        MDN|明港东|minggangdong|mgd|信阳|0|Minggang East
        OYN|信阳东|xinyangdong|xyd|信阳|0|Xinyang East
        XUN|信阳|xinyang|xy|信阳|0|Xinyang
        XJN|孝感北|xiaoganbei|xgb|孝感|0|Xiaogan North
        XRN|咸宁北|xianningbei|xnb|咸宁|0|Xianning North
        CIN|赤壁北|chibibei|cbb|咸宁|0|Chibi North
        YIQ|岳阳东|yueyangdong|yyd|岳阳|0|Yueyang East
        YYQ|岳阳|yueyang|yy|岳阳|0|Yueyang
        MQQ|汨罗东|miluodong|mld|岳阳|0|Miluo East
        ZAQ|株洲西|zhuzhouxi|zzx|株洲|0|Zhuzhou West
        ZZQ|株洲|zhuzhou|zz|株洲|0|Zhuzhou
        HEQ|衡山西|hengshanxi|hsx|衡阳|0|Hengshan West
        HVQ|衡阳东|hengyangdong|hyd|衡阳|0|Hengyang East
        HYQ|衡阳|hengyang|hy|衡阳|0|Hengyang
        LPQ|耒阳西|leiyangxi|lyx|衡阳|0|Leiyang West
        ICQ|郴州西|chenzhouxi|czx|郴州|0|Chenzhou West
        CZQ|郴州|chenzhou|cz|郴州|0|Chenzhou
        ILQ|乐昌东|lechangdong|lcd|韶关|0|Lechang East
        SNQ|韶关|shaoguan|sg|韶关|0|Shaoguan
        SGQ|韶关东|shaoguandong|sgd|韶关|0|Shaoguan East
        IIQ|英德西|yingdexi|ydx|清远|0|Yingde West
        QBQ|清远|qingyuan|qy|清远|0|Qingyuan
        IUQ|虎门|humen|hm|东莞|0|Humen
        DMQ|东莞东|dongguandong|dgd|东莞|0|Dongguan East
        EPH|嘉兴南|jiaxingnan|jxn|嘉兴|0|Jiaxing South
        ZDH|诸暨|zhuji|zj|绍兴|0|Zhuji
        YWH|义乌|yiwu|yw|金华|0|Yiwu
        JBH|金华|jinhua|jh|金华|0|Jinhua
        LMH|龙游|longyou|ly|衢州|0|Longyou
        QEH|衢州|quzhou|qz|衢州|0|Quzhou
        JUH|江山|jiangshan|js|衢州|0|Jiangshan
        YGG|玉山南|yushannan|ysn|上饶|0|Yushan South
        SRG|上饶|shangrao|sr|上饶|0|Shangrao
        YIG|弋阳|yiyang|yy|上饶|0|Yiyang
        YKG|鹰潭北|yingtanbei|ytb|鹰潭|0|Yingtan North
        YTG|鹰潭|yingtan|yt|鹰潭|0|Yingtan
        GCG|高安|gaoan|ga|宜春|0|Gao'an
        XBG|新余北|xinyubei|xyb|新余|0|Xinyu North
        YEG|宜春|yichun|yc|宜春|0|Yichun
        PBG|萍乡北|pingxiangbei|pxb|萍乡|0|Pingxiang North
        PXG|萍乡|pingxiang|px|萍乡|0|Pingxiang
        UKQ|醴陵东|lilingdong|lld|株洲|0|Liling East
        EDQ|湘潭北|xiangtanbei|xtb|湘潭|0|Xiangtan North
        INQ|韶山南|shaoshannan|ssn|湘潭|0|Shaoshan South
        UOQ|娄底南|loudinan|ldn|娄底|0|Loudi South
        LDQ|娄底|loudi|ld|娄底|0|Loudi
        OVQ|邵阳北|shaoyangbei|syb|邵阳|0|Shaoyang North
        EJQ|新化南|xinhuanan|xhn|娄底|0|Xinhua South
        EMQ|溆浦南|xupunan|xpn|怀化|0|Xupu South
        KAQ|怀化南|huaihuanan|hhn|怀化|0|Huaihua South
        HHQ|怀化|huaihua|hh|怀化|0|Huaihua
        ZPQ|芷江|zhijiang|zj|怀化|0|Zhijiang
        EWQ|新晃西|xinhuangxi|xhx|怀化|0|Xinhuang West
        TNW|铜仁南|tongrennan|trn|铜仁|0|Tongren South
        QHW|三穗|sansui|ss|凯里|0|Sansui
        QKW|凯里南|kailinan|kln|凯里|0|Kaili South
        FMW|贵定北|guidingbei|gdb|都匀|0|Guiding North
        PBE|平坝南|pingbanan|pbn|安顺|0|Pingba South
        ASE|安顺西|anshunxi|asx|安顺|0|Anshun West
        GLE|关岭|guanling|gl|安顺|0|Guanling
        PUE|普安县|puanxian|pax|兴义|0|Pu'anxian
        PAE|盘州|panzhou|pz|六盘水|0|Panzhou
        FBM|富源北|fuyuanbei|fyb|曲靖|0|Fuyuan North
        QBM|曲靖北|qujingbei|qjb|曲靖|0|Qujing North
        RGH|永城北|yongchengbei|ycb|商丘|0|Yongcheng North
        SQF|商丘|shangqiu|sq|商丘|0|Shangqiu
        MIF|民权北|minquanbei|mqb|商丘|0|Minquan North
        LUF|兰考南|lankaonan|lkn|开封|0|Lankao South
        KBF|开封北|kaifengbei|kfb|开封|0|Kaifeng North
        KFF|开封|kaifeng|kf|开封|0|Kaifeng
        LLF|洛阳龙门|luoyanglongmen|lylm|洛阳|0|Luoyang Longmen
        LYF|洛阳|luoyang|ly|洛阳|0|Luoyang
        MNF|渑池南|mianchinan|mcn|三门峡|0|Mianchi South
        SCF|三门峡南|sanmenxianan|smxn|三门峡|0|Sanmenxia South
        SMF|三门峡|sanmenxia|smx|三门峡|0|Sanmenxia
        LPF|灵宝西|lingbaoxi|lbx|三门峡|0|Lingbao West
        HDY|华山北|huashanbei|hsb|华阴|0|Huashan North
        HGY|华山|huashan|hs|华阴|0|Huashan
        WBY|渭南北|weinanbei|wnb|渭南|0|Weinan North
        WNY|渭南|weinan|wn|渭南|0|Weinan
        YEY|杨陵南|yanglingnan|yln|咸阳|0|Yangling South
        BBY|宝鸡南|baojinan|bjn|宝鸡|0|Baoji South
        BJY|宝鸡|baoji|bj|宝鸡|0|Baoji
        TIJ|天水南|tianshuinan|tsn|天水|0|Tianshui South
        TSJ|天水|tianshui|ts|天水|0|Tianshui
        QGJ|秦安|qinan|qa|天水|0|Qin'an
        TWJ|通渭|tongwei|tw|定西|0|Tongwei
        DNJ|定西北|dingxibei|dxb|定西|0|Dingxi North
        GYW|广元|guangyuan|gy|广元|0|Guangyuan
        MYW|绵阳|mianyang|my|绵阳|0|Mianyang
        DYW|德阳|deyang|dy|德阳|0|Deyang
        IRP|兴隆县西|xinglongxianxi|xlxx|承德|0|Xinglongxian West
        IVP|承德南|chengdenan|cdn|承德|0|Chengde South
        IYP|承德县北|chengdexianbei|cdxb|承德|0|Chengdexian North
        PBP|平泉北|pingquanbei|pqb|承德|0|Pingquan North
        LKT|牛河梁|niuheliang|nhl|朝阳|0|Niuheliang
        KZT|喀左|kazuo|kz|朝阳|0|Kazuo
        VET|辽宁朝阳|liaoningchaoyang|lncy|朝阳|0|Liaoning Chaoyang
        FOT|阜新|fuxin|fx|阜新|0|Fuxin
        HQT|黑山北|heishanbei|hsb|锦州|0|Heishan North
        JZD|锦州|jinzhou|jz|锦州|0|Jinzhou
        PXT|铁岭西|tielingxi|tlx|铁岭|0|Tieling West
        KXT|开原西|kaiyuanxi|kyx|铁岭|0|Kaiyuan West
        CPT|昌图西|changtuxi|ctx|铁岭|0|Changtu West
        PPT|四平东|sipingdong|spd|四平|0|Siping East
        SPT|四平|siping|sp|四平|0|Siping
        FBT|扶余北|fuyubei|fyb|松原|0|Fuyu North
        TSP|唐山|tangshan|ts|唐山|0|Tangshan
        QTP|秦皇岛|qinhuangdao|qhd|秦皇岛|0|Qinhuangdao
        SHD|山海关|shanhaiguan|shg|秦皇岛|0|Shanhaiguan
        SLH|绍兴北|shaoxingbei|sxb|绍兴|0|Shaoxing North
        CTH|余姚北|yuyaobei|yyb|宁波|0|Yuyao North
        NGH|宁波|ningbo|nb|宁波|0|Ningbo
        FHH|奉化|fenghua|fh|宁波|0|Fenghua
        NHH|宁海|ninghai|nh|宁波|0|Ninghai
        OQH|三门县|sanmenxian|smx|台州|0|Sanmenxian
        UFH|临海|linhai|lh|台州|0|Linhai
        TZH|台州西|taizhouxi|tzx|台州|0|Taizhou West
        TEU|台州|taizhou|tz|台州|0|Taizhou
        VHH|温岭|wenling|wl|台州|0|Wenling
        YGH|雁荡山|yandangshan|yds|温州|0|Yandangshan
        UPH|乐清|yueqing|yq|温州|0|Yueqing
        VRH|温州南|wenzhounan|wzn|温州|0|Wenzhou South
        RAH|瑞安|ruian|ra|温州|0|Rui'an
        ARH|平阳|pingyang|py|温州|0|Pingyang
        CEH|苍南|cangnan|cn|温州|0|Cangnan
        FES|福鼎|fuding|fd|宁德|0|Fuding
        TLS|太姥山|taimushan|tms|宁德|0|Taimushan
        XOS|霞浦|xiapu|xp|宁德|0|Xiapu
        FAS|福安|fuan|fa|宁德|0|Fu'an
        NES|宁德|ningde|nd|宁德|0|Ningde
        PTS|莆田|putian|pt|莆田|0|Putian
        QYS|泉州|quanzhou|qz|泉州|0|Quanzhou
        JJS|晋江|jinjiang|jj|泉州|0|Jinjiang
        JES|角美|jiaomei|jm|漳州|0|Jiaomei
        ZUS|漳州|zhangzhou|zz|漳州|0|Zhangzhou
        ZCS|漳浦|zhangpu|zp|漳州|0|Zhangpu
        YBS|云霄|yunxiao|yx|漳州|0|Yunxiao
        ZDS|诏安|zhaoan|za|漳州|0|Zhao'an
        RVQ|饶平|raoping|rp|潮州|0|Raoping
        CBQ|潮汕|chaoshan|cs|潮州|0|Chaoshan
        CNQ|潮阳|chaoyang|cy|汕头|0|Chaoyang
        PEQ|普宁|puning|pn|揭阳|0|Puning
        KTQ|葵潭|kuitan|kt|揭阳|0|Kuitan
        LLQ|陆丰|lufeng|lf|汕尾|0|Lufeng
        OGQ|汕尾|shanwei|sw|汕尾|0|Shanwei
        KMQ|鲘门|houmen|hm|汕尾|0|Houmen
        KDA|惠东|huidong|hd|惠州|0|Huidong
        KNA|惠州南|huizhounan|hzn|惠州|0|Huizhou South
        FYW|资阳北|ziyangbei|zyb|资阳|0|Ziyang North
        WZW|资中北|zizhongbei|zzb|内江|0|Zizhong North
        NKW|内江北|neijiangbei|njb|内江|0|Neijiang North
        NWW|隆昌北|longchangbei|lcb|内江|0|Longchang North
        RQW|荣昌北|rongchangbei|rcb|荣昌|0|Rongchang North
        FQW|大足南|dazunan|dzn|大足|0|Dazu South
        WMW|永川东|yongchuandong|ycd|永川|0|Yongchuan East
        FZW|璧山|bishan|bs|璧山|0|Bishan
        IAW|大英东|dayingdong|dyd|遂宁|0|Daying East
        NIW|遂宁|suining|sn|遂宁|0|Suining
        TVW|潼南|tongnan|tn|潼南|0|Tongnan
        WKW|合川|hechuan|hc|合川|0|Hechuan
        """
}
