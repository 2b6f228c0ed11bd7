import DefaultTheme from 'vitepress/theme'
import './contrast.css'

export default DefaultTheme
