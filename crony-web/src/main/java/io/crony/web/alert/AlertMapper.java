package io.crony.web.alert;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

/** The alert history, read only here. */
@Mapper
interface AlertMapper extends BaseMapper<AlertEntity> {

}
