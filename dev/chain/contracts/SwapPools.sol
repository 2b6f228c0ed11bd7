// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// Constant-product (x·y = k) pools, one per pair of assets, behind one contract: the native
/// currency is the address 0xEeee…EEeE. A swap takes a 0.3 % fee from its input, pays at least
/// `minAmountOut` or reverts, and must be mined before its deadline. The input token is taken
/// with `transferFrom`, so the swapper approves this contract first.
contract SwapPools is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 public constant FEE_BPS = 30;

    /// Reserves of a pair, keyed by the pair's two addresses in ascending order.
    mapping(address => mapping(address => uint256[2])) private _reserves;

    event LiquidityAdded(address indexed tokenA, address indexed tokenB, uint256 amountA, uint256 amountB);
    event Swap(address indexed sender, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut);

    error InsufficientLiquidity(address tokenIn, address tokenOut);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error Expired(uint256 deadline);
    error SameAsset();
    error WrongValue(uint256 expected, uint256 sent);
    error NativeTransferFailed();

    constructor() Ownable(msg.sender) {}

    /// What the pool of `tokenIn`/`tokenOut` holds of each, in that order.
    function getReserves(address tokenIn, address tokenOut) public view returns (uint256 reserveIn, uint256 reserveOut) {
        if (tokenIn == tokenOut) revert SameAsset();
        (address low, address high) = tokenIn < tokenOut ? (tokenIn, tokenOut) : (tokenOut, tokenIn);
        uint256[2] storage pair = _reserves[low][high];
        (reserveIn, reserveOut) = tokenIn == low ? (pair[0], pair[1]) : (pair[1], pair[0]);
    }

    /// The output of swapping `amountIn` now: 0.3 % of the input kept as fee, then x·y = k.
    function getAmountOut(uint256 amountIn, address tokenIn, address tokenOut) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = getReserves(tokenIn, tokenOut);
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity(tokenIn, tokenOut);
        uint256 inWithFee = amountIn * (10_000 - FEE_BPS);
        return (inWithFee * reserveOut) / (reserveIn * 10_000 + inWithFee);
    }

    /// Adds liquidity to a pair (the owner seeds the pools); native amounts come as the call's value.
    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) external payable onlyOwner nonReentrant {
        if (tokenA == tokenB) revert SameAsset();
        uint256 native = (tokenA == NATIVE ? amountA : 0) + (tokenB == NATIVE ? amountB : 0);
        if (msg.value != native) revert WrongValue(native, msg.value);
        _pull(tokenA, amountA);
        _pull(tokenB, amountB);
        _setReserves(tokenA, tokenB, amountA, amountB, true);
        emit LiquidityAdded(tokenA, tokenB, amountA, amountB);
    }

    /// Swaps `amountIn` of `tokenIn` for at least `minAmountOut` of `tokenOut`, paid to the caller.
    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, uint256 deadline)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        if (block.timestamp > deadline) revert Expired(deadline);
        uint256 native = tokenIn == NATIVE ? amountIn : 0;
        if (msg.value != native) revert WrongValue(native, msg.value);
        amountOut = getAmountOut(amountIn, tokenIn, tokenOut);
        if (amountOut == 0 || amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        _pull(tokenIn, amountIn);
        _setReserves(tokenIn, tokenOut, amountIn, amountOut, false);
        _pay(tokenOut, msg.sender, amountOut);
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, amountOut);
    }

    function _setReserves(address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, bool bothIn) private {
        (address low, address high) = tokenIn < tokenOut ? (tokenIn, tokenOut) : (tokenOut, tokenIn);
        uint256[2] storage pair = _reserves[low][high];
        (uint256 inSlot, uint256 outSlot) = tokenIn == low ? (0, 1) : (1, 0);
        pair[inSlot] += amountIn;
        if (bothIn) pair[outSlot] += amountOut;
        else pair[outSlot] -= amountOut;
    }

    function _pull(address token, uint256 amount) private {
        if (token != NATIVE) IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
    }

    function _pay(address token, address to, uint256 amount) private {
        if (token != NATIVE) return IERC20(token).safeTransfer(to, amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }
}
