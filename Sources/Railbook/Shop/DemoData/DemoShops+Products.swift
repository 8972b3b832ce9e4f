/// Products: `shops|image|price_fen|stock|available|name_zh|name_en|description_zh|description_en`,
/// the same product going to each of the comma-separated shops. Prices are whole ¥0.5 steps.
extension DemoShops {
    static let cateringProducts = """
        g1,g2,g7,g8,g79,g80|rice-box|1500|60|1|经济盒饭|Economy rice box|米饭配两荤一素，每日现做。|Rice with two meat dishes and a vegetable, made fresh every day.
        g1,g2,g7,g8|rice-box|4000|40|1|宫保鸡丁套餐|Kung pao chicken set meal|宫保鸡丁、时令蔬菜、米饭和例汤。|Kung pao chicken, seasonal greens, rice and a soup.
        g1,g2,g7,g8,g79,g80|rice-box|4500|30|1|红烧牛肉饭|Braised beef rice box|慢炖红烧牛肉配米饭和青菜。|Slow-braised beef with rice and greens.
        g1,g2,g7,g8,g79,g80|noodles|3500|30|1|红烧牛肉面|Braised beef noodle soup|大块牛肉、劲道面条、浓郁汤底。|Chunky beef and springy noodles in a rich broth.
        g79,g80|rice-box|4500|25|1|腊味煲仔饭|Claypot rice with Cantonese sausage|广式腊肠腊肉，锅巴香脆。|Cantonese sausage and cured pork over rice with a crisp crust.
        g79,g80|dumplings|3200|25|1|水晶虾饺（6 只）|Crystal shrimp dumplings (6)|薄皮透亮，整只鲜虾。|Thin, translucent wrappers around whole shrimp.
        g1,g2,g7,g8,g79,g80|water|500|200|1|矿泉水 550 毫升|Mineral water, 550 ml|常温瓶装饮用水。|Still bottled water at room temperature.
        g1,g2,g7,g8,g79,g80|tea-cup|1200|50|1|茉莉花茶|Jasmine tea|热水现泡，可续水。|Freshly brewed, with free hot-water refills.
        g1,g2,g7,g8,g79,g80|coffee|2500|40|1|现磨咖啡|Freshly ground coffee|美式或拿铁，热饮。|Americano or latte, served hot.
        g1,g2,g7,g8,g79,g80|fruit|2000|25|1|鲜切水果杯|Fresh fruit cup|当季水果切块，约 300 克。|Cut seasonal fruit, about 300 g.
        g1,g2,g7,g8|ice-cream|1500|20|0|香草冰淇淋|Vanilla ice cream|冬季暂停供应。|Not served in winter.
        """

    static let stationProducts = """
        beijingnan|roast-duck|16800|20|1|北京烤鸭（整只，真空装）|Peking roast duck (whole, vacuum-packed)|果木烤制，附荷叶饼、甜面酱和葱丝。|Roasted over fruit wood, with pancakes, sweet bean sauce and spring onion.
        beijingnan|roast-duck|8800|30|1|北京烤鸭（半只）|Peking roast duck (half)|现片鸭肉配荷叶饼，开车前送到车上。|Freshly carved duck with pancakes, brought aboard before departure.
        beijingnan|pastry|2500|40|1|驴打滚（6 块）|Lüdagunr rolls (6)|黄豆面裹红豆沙糯米卷。|Glutinous rice rolls with red bean paste in toasted soybean flour.
        beijingnan|pastry|3000|35|1|豌豆黄（6 块）|Pea-flour cakes (6)|宫廷小吃，细腻清甜。|A smooth, lightly sweet snack from the imperial kitchens.
        shanghaihongqiao|dumplings|2800|40|1|小笼包（8 只）|Xiaolongbao soup dumplings (8)|皮薄汤多，附姜丝香醋。|Thin skins full of soup, with ginger and black vinegar.
        shanghaihongqiao|dumplings|2200|40|1|生煎包（6 只）|Shengjian pan-fried buns (6)|底部金黄酥脆，撒芝麻葱花。|Golden, crisp bottoms, topped with sesame and spring onion.
        shanghaihongqiao|pastry|3600|25|1|蟹壳黄（6 只）|Xiekehuang sesame pastries (6)|层层起酥的芝麻烧饼，咸甜两味。|Flaky sesame pastries, savoury and sweet.
        shanghaihongqiao|dumplings|2000|40|0|青团（4 只）|Qingtuan green rice balls (4)|艾草糯米皮包豆沙，清明前后供应。|Mugwort rice balls with red bean paste, sold around Qingming in spring.
        nanjingnan|salted-duck|5800|30|1|盐水鸭（半只）|Nanjing salted duck (half)|皮白肉嫩，肥而不腻。|Pale skin, tender meat, rich but not greasy.
        nanjingnan|salted-duck|10800|15|1|盐水鸭礼盒（整只）|Nanjing salted duck gift box (whole)|真空包装，便于带回家。|Vacuum-packed to take home.
        nanjingnan|noodles|2200|30|1|鸭血粉丝汤|Duck blood and vermicelli soup|老鸭汤底，配鸭肝鸭肠。|Old-duck broth with duck liver and gizzard.
        nanjingnan|pastry|2000|3|1|桂花糕（4 块）|Osmanthus cakes (4)|桂花糖浆米糕，每日限量。|Rice cakes with osmanthus syrup, a few made each day.
        """

    static let specialtyProducts = """
        hangzhou-longjing|tea-tin|36800|20|1|明前西湖龙井 100 克|Pre-Qingming West Lake Longjing, 100 g|清明前采摘的嫩芽，豆香清雅。|Young buds picked before Qingming, with a delicate nutty aroma.
        hangzhou-longjing|tea-tin|26800|40|1|雨前西湖龙井 250 克|Pre-Guyu West Lake Longjing, 250 g|谷雨前采摘，滋味醇厚。|Picked before Guyu, full-bodied.
        hangzhou-longjing|tea-tin|3500|60|1|杭白菊 50 克|Hangzhou chrysanthemum tea, 50 g|桐乡胎菊，清香回甘。|Tongxiang chrysanthemum buds, fragrant with a sweet finish.
        hangzhou-longjing|gift-box|4500|50|1|西湖藕粉礼盒|West Lake lotus root starch gift box|开水冲调，桂花风味。|Stir into hot water; osmanthus flavoured.
        yunnan|tea-cake|18800|30|1|普洱熟茶饼 357 克|Ripe Pu'er tea cake, 357 g|勐海原料，陈香醇和。|Menghai leaves, mellow and earthy.
        yunnan|tea-cake|26800|15|1|普洱生茶饼 357 克|Raw Pu'er tea cake, 357 g|古树春茶，适合收藏。|Spring leaves from old trees, good for ageing.
        yunnan|flower-cake|3950|60|1|玫瑰鲜花饼（10 枚）|Rose flower cakes (10)|食用玫瑰花馅，酥皮现烤。|Edible-rose filling in freshly baked flaky pastry.
        yunnan|coffee|5800|40|1|云南小粒咖啡豆 250 克|Yunnan arabica coffee beans, 250 g|普洱产区中度烘焙。|Medium roast from the Pu'er growing region.
        beijing-pastry|gift-box|9800|30|1|稻香村京八件礼盒|Daoxiangcun Eight Beijing Pastries gift box|八种传统糕点，逢年过节的老北京礼物。|Eight traditional pastries, the old-Beijing festive gift.
        beijing-pastry|pastry|3900|40|1|牛舌饼（6 枚）|Niushe ox-tongue pastries (6)|椒盐口味，酥松咸香。|Salt-and-pepper flavoured, light and flaky.
        beijing-pastry|pastry|4200|0|1|枣花酥（8 枚）|Jujube flower pastries (8)|枣泥馅，花瓣造型。|Jujube paste in flower-shaped pastry.
        xinjiang-dates|dates|5900|50|1|若羌灰枣 1 千克|Ruoqiang grey jujubes, 1 kg|肉厚核小，甜度高。|Thick flesh, small stones, very sweet.
        xinjiang-dates|dates|6900|40|1|和田骏枣 1 千克|Hotan jun jujubes, 1 kg|个大饱满，适合煲汤。|Large and plump, good in soups.
        xinjiang-dates|raisins|3500|50|1|吐鲁番无核白葡萄干 500 克|Turpan seedless raisins, 500 g|自然晾干，绿色微酸。|Air-dried, green and slightly tart.
        """
}
